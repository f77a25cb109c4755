import { NOTIFICATION_TYPES } from '../../../../contract/settings/notifications';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = NOTIFICATION_TYPES.map((type) => ({ name: type, control: 'list' }) as const);

/** Notifications: the recipients of each notification type DEFAULT, GPE, VCCF and PMNT (spec 3). */
export function NotificationsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="notifications" fields={FIELDS} />;
}
