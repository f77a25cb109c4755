import { z } from 'zod';
import { EmailAddressSchema, IsoDateSchema, m, text } from './fields';

/** Contract signed (spec 2 contract-signed): who signed the merchant agreement, and when. */
export const ContractSignedSchema = z.object({
  signedOn: IsoDateSchema.refine((date) => date <= new Date().toISOString().slice(0, 10), { error: m('notInFuture') }),
  signatoryName: text(100),
  signatoryEmail: EmailAddressSchema,
  contractReference: text(50),
});
export type ContractSigned = z.infer<typeof ContractSignedSchema>;
export const CONTRACT_SIGNED_DEFAULTS: ContractSigned = { signedOn: '', signatoryName: '', signatoryEmail: '', contractReference: '' };
