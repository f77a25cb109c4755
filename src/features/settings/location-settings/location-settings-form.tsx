import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'timezone', control: 'text' },
  { name: 'contactName', control: 'text' },
  { name: 'contactEmail', control: 'email' },
  { name: 'contactPhone', control: 'tel' },
  { name: 'checkInTime', control: 'time' },
  { name: 'checkOutTime', control: 'time' },
];

/** Location settings: timezone, contact, check-in and check-out (spec 7 merchant-location-settings). */
export function LocationSettingsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="location" fields={FIELDS} />;
}
