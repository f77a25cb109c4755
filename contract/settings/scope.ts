import { z } from 'zod';

// Settings belong to a merchant group (the hotel group's defaults) or to one property ("merchant"
// in the spec's words, spec 3). A property inherits each setting its group has unless it
// overrides it; the merchant_settings table holds both (merchant_id NULL for the group's row).

export const SettingsScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('merchantGroup'), merchantGroupId: z.uuid() }),
  z.object({ kind: z.literal('property'), merchantGroupId: z.uuid(), merchantId: z.uuid() }),
]);
export type SettingsScope = z.infer<typeof SettingsScopeSchema>;
