import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'signedOn', control: 'date' },
  { name: 'signatoryName', control: 'text' },
  { name: 'signatoryEmail', control: 'email' },
  { name: 'contractReference', control: 'text' },
];

/** Contract signed: who signed the merchant agreement and when (spec 2 contract-signed). */
export function ContractSignedForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="contract-signed" fields={FIELDS} />;
}
