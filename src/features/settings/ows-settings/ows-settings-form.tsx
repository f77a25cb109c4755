import { OWS_STATUSES, PMS_INTEGRATIONS } from '../../../../contract/settings/ows';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'pmsIntegration', control: 'select', options: PMS_INTEGRATIONS, optionSet: 'pmsIntegrations' },
  { name: 'postPayments', control: 'boolean' },
  { name: 'postRefunds', control: 'boolean' },
  { name: 'postAuthorizations', control: 'boolean' },
  { name: 'owsStatuses', control: 'checkboxes', options: OWS_STATUSES, optionSet: 'owsStatuses' },
];

/** PMS / OWS integration: which PMS, what is posted to it, on which reservation statuses (merchant ows-settings, property ows). */
export function OwsSettingsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="ows" fields={FIELDS} />;
}
