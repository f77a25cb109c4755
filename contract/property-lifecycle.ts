import { z } from 'zod';
import { isCurrencyCode } from './currency';
import { whenMissing } from './zod-messages';
import { PROPERTY_PAGES } from './settings/pages';
import { safeText } from './text';

// The property lifecycle's actions as the API and the SPA name them (spec 4 property statuses; the
// transitions are machines/property-lifecycle.machine.ts, docs/decisions/0260-property-lifecycle.md).

export const PROPERTY_ACTIONS = ['complete', 'submit', 'requestResubmission', 'approve', 'activate', 'deactivate', 'reactivate'] as const;
export type PropertyAction = (typeof PROPERTY_ACTIONS)[number];
export const PropertyActionSchema = z.enum(PROPERTY_ACTIONS);

/**
 * Who takes an action: the property's merchant side (filling in and submitting), provider staff
 * (review, fees, activation), or either (taking a property offline).
 */
export const PROPERTY_ACTION_ACTOR: Record<PropertyAction, 'merchant' | 'provider' | 'either'> = {
  complete: 'merchant',
  submit: 'merchant',
  requestResubmission: 'provider',
  approve: 'provider',
  activate: 'provider',
  deactivate: 'either',
  reactivate: 'provider',
};

/** The property's own fields a reviewer can send back, besides whole settings pages. */
export const PROPERTY_FIELDS = [
  'name',
  'propertyType',
  'city',
  'postCode',
  'latitude',
  'longitude',
  'checkinTime',
  'checkoutTime',
  'currency',
  'timezone',
] as const;
export type PropertyField = (typeof PROPERTY_FIELDS)[number];
/** What a resubmission reason may point at: a field of the property, or one of its settings pages. */
export const PROPERTY_REVIEW_TARGETS = [...PROPERTY_FIELDS, ...PROPERTY_PAGES] as const;
export const PropertyReviewTargetSchema = z.enum(PROPERTY_REVIEW_TARGETS, { message: 'not a field or page of a property' });
export type PropertyReviewTarget = z.infer<typeof PropertyReviewTargetSchema>;

const ReasonSchema = safeText(undefined, { error: whenMissing('say what needs to change') })
  .trim()
  .min(3, { message: 'say what needs to change' })
  .max(500);

export const PropertyFlagInputSchema = z.object({ target: PropertyReviewTargetSchema, reason: ReasonSchema });

/** One request per action; deactivate and reactivate ask for a confirmation and a reason (audited). */
export const PropertyTransitionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('complete') }),
    z.object({ action: z.literal('submit') }),
    z.object({
      action: z.literal('requestResubmission'),
      flags: z
        .array(PropertyFlagInputSchema)
        .min(1, { message: 'name at least one field to fix' })
        .max(PROPERTY_REVIEW_TARGETS.length)
        .refine((flags) => new Set(flags.map((flag) => flag.target)).size === flags.length, { message: 'name each field once' }),
    }),
    z.object({ action: z.literal('approve') }),
    z.object({ action: z.literal('activate') }),
    z.object({ action: z.literal('deactivate'), confirm: z.literal(true, { message: 'confirm taking the property offline' }), reason: ReasonSchema }),
    z.object({ action: z.literal('reactivate'), confirm: z.literal(true, { message: 'confirm bringing the property back' }), reason: ReasonSchema }),
  ],
  { message: 'unknown action' },
);
export type PropertyTransitionBody = z.input<typeof PropertyTransitionBodySchema>;

export const PropertyFlagSchema = z.object({
  target: PropertyReviewTargetSchema,
  reason: z.string(),
  createdAt: z.string(),
  /** When the merchant changed what the flag names; open flags have none. */
  resolvedAt: z.string().nullable(),
});
export type PropertyFlag = z.infer<typeof PropertyFlagSchema>;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalText = (max: number) => safeText().trim().min(1).max(max).nullable().optional();

/** The property's information (the wizard's first step, which creates it; spec 2 property-info). */
export const PropertyInfoSchema = z.object({
  name: safeText(undefined, { error: whenMissing('enter the property name') })
    .trim()
    .min(2, { message: 'enter the property name' })
    .max(200),
  propertyType: optionalText(50),
  city: optionalText(100),
  postCode: optionalText(20),
  latitude: z.number().min(-90, { message: 'latitude is between -90 and 90' }).max(90, { message: 'latitude is between -90 and 90' }).nullable().optional(),
  longitude: z
    .number()
    .min(-180, { message: 'longitude is between -180 and 180' })
    .max(180, { message: 'longitude is between -180 and 180' })
    .nullable()
    .optional(),
  checkinTime: z.string().regex(TIME_OF_DAY, { message: 'use HH:MM' }).nullable().optional(),
  checkoutTime: z.string().regex(TIME_OF_DAY, { message: 'use HH:MM' }).nullable().optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'use a 3-letter currency code', abort: true })
    .refine(isCurrencyCode, { message: 'use the ISO 4217 code of a currency, such as EUR' }),
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((zone) => isTimeZone(zone), { message: 'not a known time zone' }),
});
export type PropertyInfo = z.infer<typeof PropertyInfoSchema>;

export const CreatePropertyBodySchema = PropertyInfoSchema.extend({
  /** Provider staff name the group; merchant-side callers add to their own group and may omit it. */
  merchantGroupId: z.uuid().optional(),
});
export type CreatePropertyBody = z.input<typeof CreatePropertyBodySchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
