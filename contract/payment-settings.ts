import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';
import { PaymentSettingsSchema } from './settings/payment';

// Spec 2 "/payment-settings" (list, add, edit) over spec 7 `merchant-config` (search, POST, PUT,
// DELETE): a property's payment settings, on the PaymentSettings resource, kept in the settings store
// (decision 0250) as the property's own values over its group's. Adding gives a property settings of
// its own, editing changes them, deleting drops them so the group's apply again (decision 0243).

const MerchantIdField = z.uuid({ error: 'paymentSettings.validation.merchant' });

/** The most properties one answer of `searchMerchantConfigs` holds (its default page size). */
export const MERCHANT_CONFIGS_PAGE_LIMIT = 500;

export const MerchantConfigSearchSchema = z.object({
  merchantGroupId: z.uuid({ error: 'paymentSettings.validation.group' }).optional(),
  merchantId: MerchantIdField.optional(),
  /** Words in the property's or the group's name (decision 0715). */
  search: z.string().max(100).optional(),
  /** A page of the properties in the list's order (group, position, name): from 0, of `pageSize` properties. */
  page: z.number().int().min(0).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(MERCHANT_CONFIGS_PAGE_LIMIT).optional(),
});

/** What a payment or virtual card settings save made from a replaced version is told (412, contract/versions.ts, decision 0352). */
export const PAYMENT_SETTINGS_CHANGED_DETAIL =
  'these payment settings were changed by someone else after you opened them; nothing was saved. Load them again, then make your change again';
export const VCC_SETTINGS_CHANGED_DETAIL =
  'these virtual card settings were changed by someone else after you opened them; nothing was saved. Load them again, then make your change again';

export const MerchantConfigBodySchema = z.object({
  merchantId: MerchantIdField,
  settings: PaymentSettingsSchema,
});
export type MerchantConfigBody = z.input<typeof MerchantConfigBodySchema>;

export const MerchantConfigSchema = z.object({
  merchantId: z.uuid(),
  merchantGroupId: z.uuid(),
  merchantName: z.string(),
  groupName: z.string(),
  /** Whether the property has payment settings of its own (otherwise its group's or the defaults apply). */
  hasOwnSettings: z.boolean(),
  settings: PaymentSettingsSchema,
  updatedAt: z.string().nullable(),
});
export type MerchantConfig = z.infer<typeof MerchantConfigSchema>;

// Spec 7 `vcc-merchant-configs` (search and POST; decision 0295): how a property charges the virtual cards online
// travel agencies pay bookings with. One config per property; POST saves it (creates or replaces). Spec 7 has no
// delete: a property stops charging virtual cards by switching them off.
export const VCC_CHANNELS = ['Booking.com', 'Expedia', 'Airbnb', 'Other'] as const;
export const VCC_CHARGE_TIMINGS = ['OnBooking', 'BeforeCheckIn', 'OnCheckIn', 'OnCheckOut'] as const;
export type VccChargeTiming = (typeof VCC_CHARGE_TIMINGS)[number];

export const VccMerchantConfigInputSchema = z
  .object({
    merchantId: MerchantIdField,
    enabled: z.boolean({ error: 'paymentSettings.vcc.validation.enabled' }),
    channels: z
      .array(z.enum(VCC_CHANNELS, { error: 'paymentSettings.vcc.validation.channel' }))
      .max(VCC_CHANNELS.length)
      .refine((channels) => new Set(channels).size === channels.length, { error: 'paymentSettings.vcc.validation.channelTwice' }),
    chargeTiming: z.enum(VCC_CHARGE_TIMINGS, { error: 'paymentSettings.vcc.validation.timing' }),
    /** Days before check-in, for BeforeCheckIn only. */
    daysBeforeCheckIn: z
      .number({ error: 'paymentSettings.vcc.validation.days' })
      .int({ error: 'paymentSettings.vcc.validation.days' })
      .min(1, { error: 'paymentSettings.vcc.validation.days' })
      .max(60, { error: 'paymentSettings.vcc.validation.days' })
      .nullable()
      .default(null),
    /** Where VCCF notifications (spec 3 notification types) go: a failed virtual card charge. */
    notificationEmail: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.email({ error: 'paymentSettings.vcc.validation.email' }).max(254)),
      ])
      .nullable()
      .default(null),
  })
  .superRefine((config, context) => {
    if (config.enabled && config.channels.length === 0)
      context.addIssue({ code: 'custom', path: ['channels'], message: 'paymentSettings.vcc.validation.channelNeeded' });
    if (config.chargeTiming === 'BeforeCheckIn' && config.daysBeforeCheckIn === null)
      context.addIssue({ code: 'custom', path: ['daysBeforeCheckIn'], message: 'paymentSettings.vcc.validation.days' });
  });
export type VccMerchantConfigInput = z.input<typeof VccMerchantConfigInputSchema>;

export const VccMerchantConfigSchema = z.object({
  merchantId: z.uuid(),
  merchantGroupId: z.uuid(),
  merchantName: z.string(),
  enabled: z.boolean(),
  channels: z.array(z.enum(VCC_CHANNELS)),
  chargeTiming: z.enum(VCC_CHARGE_TIMINGS),
  daysBeforeCheckIn: z.number().int().nullable(),
  notificationEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type VccMerchantConfig = z.infer<typeof VccMerchantConfigSchema>;

export const merchantConfigEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchVccMerchantConfigs',
    method: 'POST',
    path: `${MERCHANT_API}/vcc-merchant-configs/search`,
    summary:
      'The virtual card (VCC) configs of the properties the caller may see (optionally of one group or one property); properties without one are left out',
    access: { resource: 'PaymentSettings', action: 'Read' },
    body: MerchantConfigSearchSchema,
    response: z.array(VccMerchantConfigSchema),
  }),
  defineEndpoint({
    id: 'saveVccMerchantConfig',
    method: 'POST',
    path: `${MERCHANT_API}/vcc-merchant-configs`,
    summary: "Save a property's virtual card (VCC) config: creates it or replaces the one it has; audited",
    access: { resource: 'PaymentSettings', action: 'Insert' },
    body: VccMerchantConfigInputSchema,
    response: VccMerchantConfigSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'searchMerchantConfigs',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-config/search`,
    summary:
      'The payment settings of the properties the caller may see (optionally of one group or one property, or whose property or group name holds ' +
      `the search), a page at a time: \`page\` from 0, \`pageSize\` properties (at most and by default ${MERCHANT_CONFIGS_PAGE_LIMIT})`,
    access: { resource: 'PaymentSettings', action: 'Read' },
    body: MerchantConfigSearchSchema,
    response: z.array(MerchantConfigSchema),
  }),
  defineEndpoint({
    id: 'createMerchantConfig',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-config`,
    summary: 'Give a property payment settings of its own; 409 when it has them already (edit them instead)',
    access: { resource: 'PaymentSettings', action: 'Insert' },
    body: MerchantConfigBodySchema,
    response: MerchantConfigSchema,
    successStatus: 201,
    versioned: true,
  }),
  defineEndpoint({
    id: 'updateMerchantConfig',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-config`,
    summary: "Change a property's payment settings (fields equal to its group's stay inherited)",
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: MerchantConfigBodySchema,
    response: MerchantConfigSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'deleteMerchantConfig',
    method: 'DELETE',
    path: `${MERCHANT_API}/merchant-config/{id}`,
    summary: "Drop a property's own payment settings (id = merchantId) so its group's apply again; 409 when it has none",
    access: { resource: 'PaymentSettings', action: 'Delete' },
    params: z.object({ id: MerchantIdField }),
    response: MerchantConfigSchema,
  }),
]);
