import { z } from 'zod';
import { m } from './fields';

// PMS / OWS integration (spec 3 "PMS integration"; settings labels "PMS posting flags", "OWS statuses").
export const PMS_INTEGRATIONS = ['None', 'Ows', 'Cendyn', 'OraclePI'] as const;
/** Reservation statuses on which payments are posted to the PMS folio. */
export const OWS_STATUSES = ['Reserved', 'CheckedIn', 'InHouse', 'CheckedOut', 'Cancelled', 'NoShow'] as const;

export const OwsSettingsSchema = z
  .object({
    pmsIntegration: z.enum(PMS_INTEGRATIONS, { error: m('choice') }),
    postPayments: z.boolean({ error: m('choice') }),
    postRefunds: z.boolean({ error: m('choice') }),
    postAuthorizations: z.boolean({ error: m('choice') }),
    owsStatuses: z.array(z.enum(OWS_STATUSES, { error: m('choice') })),
  })
  .refine((settings) => settings.pmsIntegration !== 'None' || !(settings.postPayments || settings.postRefunds || settings.postAuthorizations), {
    path: ['pmsIntegration'],
    error: m('postingNeedsPms'),
  })
  .refine((settings) => settings.pmsIntegration === 'None' || settings.owsStatuses.length > 0, { path: ['owsStatuses'], error: m('chooseOne') });
export type OwsSettings = z.infer<typeof OwsSettingsSchema>;
export const OWS_DEFAULTS: OwsSettings = { pmsIntegration: 'None', postPayments: false, postRefunds: false, postAuthorizations: false, owsStatuses: [] };
