import { PROPERTY_TYPES } from '../../../../contract/settings/property-info';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'displayName', control: 'text' },
  { name: 'propertyType', control: 'select', options: PROPERTY_TYPES, optionSet: 'propertyTypes' },
  { name: 'addressLine', control: 'text' },
  { name: 'city', control: 'text' },
  { name: 'postCode', control: 'text' },
  { name: 'country', control: 'text' },
  { name: 'phone', control: 'tel' },
  { name: 'email', control: 'email' },
];

/** Property information: name, type, address and contact (spec 2 property-info). */
export function PropertyInfoForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="property-info" fields={FIELDS} />;
}
