import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';
import { PaymentSettingsSchema } from './settings/payment';

// Spec 2 "/payment-settings" (list, add, edit) over spec 7 `merchant-config` (search, POST, PUT,
// DELETE): a property's payment settings, on the PaymentSettings resource, kept in the settings store
// (decision 0250) as the property's own values over its group's. Adding gives a property settings of
// its own, editing changes them, deleting drops them so the group's apply again (decision 0243).

const MerchantIdField = z.uuid({ error: 'paymentSettings.validation.merchant' });

export const MerchantConfigSearchSchema = z.object({
  merchantGroupId: z.uuid({ error: 'paymentSettings.validation.group' }).optional(),
  merchantId: MerchantIdField.optional(),
});

export const MerchantConfigBodySchema = z.object({ merchantId: MerchantIdField, settings: PaymentSettingsSchema });
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

export const merchantConfigEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchMerchantConfigs',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-config/search`,
    summary: 'The payment settings of the properties the caller may see (optionally of one group or one property)',
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
  }),
  defineEndpoint({
    id: 'updateMerchantConfig',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-config`,
    summary: "Change a property's payment settings (fields equal to its group's stay inherited)",
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: MerchantConfigBodySchema,
    response: MerchantConfigSchema,
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
