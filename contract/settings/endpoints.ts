import { z } from 'zod';
import { defineEndpoint, endpointTable } from '../endpoint';
import { MERCHANT_API } from '../product';
import { m } from './fields';
import { SETTINGS_KINDS } from './kinds';
import { LocationSettingsSchema } from './location';
import { PayoutEmailsSchema } from './payout-emails';

// Spec 7 "Settings": read and save one kind of settings for a merchant group or one property; a
// property inherits each field from its group until it overrides it (decision 0250). Location
// settings and payout e-mails keep the spec's own names (merchant-location-settings,
// payout-email-config); the other kinds share one path per scope.

/** Where a field's value comes from: the property's own override, its group, or nothing saved yet. */
export const FieldSourceSchema = z.enum(['property', 'group', 'default']);
export type FieldSource = z.infer<typeof FieldSourceSchema>;

export const SettingsAnswerSchema = z.object({
  kind: z.enum(SETTINGS_KINDS),
  values: z.record(z.string(), z.unknown()),
  sources: z.record(z.string(), FieldSourceSchema),
  updatedAt: z.string().nullable(),
});
export type SettingsAnswer = z.infer<typeof SettingsAnswerSchema>;

/** What a settings save made from a replaced version is told (412, contract/versions.ts, decision 0354). */
export const SETTINGS_CHANGED_DETAIL =
  'these settings were changed by someone else after you opened them; nothing was saved. Load their values, then make your change again';

/** A kind's values; the server validates them with the kind's schema (contract/settings/kinds.ts). */
const SettingsValuesBody = z.record(z.string(), z.unknown(), { error: m('body') });
const KindSchema = z.enum(SETTINGS_KINDS, { error: m('kind') });
const GroupParams = z.object({ merchantGroupId: z.uuid({ error: m('id') }), kind: KindSchema });
const PropertyParams = z.object({ merchantId: z.uuid({ error: m('id') }), kind: KindSchema });
const GROUP_READ = { resource: 'Merchants', action: 'Read' } as const;
const GROUP_UPDATE = { resource: 'Merchants', action: 'Update' } as const;
const PROPERTY_READ = { resource: 'Properties', action: 'Read' } as const;
const PROPERTY_UPDATE = { resource: 'Properties', action: 'Update' } as const;

const LocationQuery = z.object({
  MerchantGroupId: z.uuid({ error: m('id') }),
  MerchantId: z.uuid({ error: m('id') }).optional(),
  IsActive: z
    .enum(['true', 'false'], { error: m('choice') })
    .transform((value) => value === 'true')
    .optional(),
});
const PayoutEmailConfigBody = PayoutEmailsSchema.extend({ merchantGroupId: z.uuid({ error: m('id') }) });

export const settingsEndpoints = endpointTable([
  defineEndpoint({
    id: 'getGroupSettings',
    method: 'GET',
    path: `${MERCHANT_API}/merchant-group-settings/{merchantGroupId}/{kind}`,
    summary: "One kind of a merchant group's settings (own group, or provider staff)",
    access: GROUP_READ,
    params: GroupParams,
    response: SettingsAnswerSchema,
  }),
  defineEndpoint({
    id: 'saveGroupSettings',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-group-settings/{merchantGroupId}/{kind}`,
    summary:
      "Save one kind of a merchant group's settings; 400 with field errors when the kind's schema refuses them; 412 when If-Match names a version no longer current; audited",
    access: GROUP_UPDATE,
    params: GroupParams,
    body: SettingsValuesBody,
    response: SettingsAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'getPropertySettings',
    method: 'GET',
    path: `${MERCHANT_API}/property-settings/{merchantId}/{kind}`,
    summary: "One kind of a property's settings, each field marked as the property's own, its group's or the default",
    access: PROPERTY_READ,
    params: PropertyParams,
    response: SettingsAnswerSchema,
  }),
  defineEndpoint({
    id: 'savePropertySettings',
    method: 'PUT',
    path: `${MERCHANT_API}/property-settings/{merchantId}/{kind}`,
    summary:
      "Save one kind of a property's settings: fields equal to the group's stay inherited, the others become the property's own; 412 when If-Match names a version no longer current; audited",
    access: PROPERTY_UPDATE,
    params: PropertyParams,
    body: SettingsValuesBody,
    response: SettingsAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'resetPropertySettings',
    method: 'POST',
    path: `${MERCHANT_API}/property-settings/{merchantId}/{kind}/reset`,
    summary: "Drop the property's own value of the named fields (all when none are named), so it takes its group's again; audited",
    access: PROPERTY_UPDATE,
    params: PropertyParams,
    body: z.object({
      fields: z
        .array(z.string().max(60), { error: m('fields') })
        .max(50)
        .optional(),
    }),
    response: SettingsAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'getMerchantLocationSettings',
    method: 'GET',
    path: `${MERCHANT_API}/merchant-location-settings`,
    summary:
      'Location settings of a merchant group, or of one of its merchants with MerchantId (spec 7); IsActive is accepted for the spec’s sake (settings rows are never deactivated)',
    access: GROUP_READ,
    query: LocationQuery,
    response: SettingsAnswerSchema,
  }),
  defineEndpoint({
    id: 'saveMerchantLocationSettings',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-location-settings`,
    summary: 'Save location settings of a merchant group, or of one of its merchants with MerchantId (spec 7); audited',
    access: GROUP_UPDATE,
    query: LocationQuery,
    body: LocationSettingsSchema,
    response: SettingsAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'savePayoutEmailConfig',
    method: 'PUT',
    path: `${MERCHANT_API}/payout-email-config`,
    summary: "Save a merchant group's payout e-mail lists (to, cc, bcc) (spec 7); audited",
    access: GROUP_UPDATE,
    body: PayoutEmailConfigBody,
    response: SettingsAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'searchPayoutEmailConfig',
    method: 'POST',
    path: `${MERCHANT_API}/payout-email-config/search`,
    summary: "A merchant group's payout e-mail lists (spec 7)",
    access: GROUP_READ,
    body: z.object({ merchantGroupId: z.uuid({ error: m('id') }) }),
    response: SettingsAnswerSchema,
  }),
]);
