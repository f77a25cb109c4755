import { useTranslation } from 'react-i18next';
import { actionsOf } from '../../../contract/permission-rules';
import { PERMISSION_TABLE, type ActionLetters } from '../../../contract/permission-table';
import type { Resource } from '../../../contract/roles';
import { sideOf, type PickerRole } from '../../../contract/user-admin';
import { roleLabel } from '../../lib/role-label';

/** The role's row of the permission table: what it lets its users do, resource by resource. */
export function RolePermissions({ role }: { role: PickerRole }) {
  const { t } = useTranslation();
  const grants = Object.entries(PERMISSION_TABLE[role].grants) as [Resource, ActionLetters][];
  if (grants.length === 0) return <p className="text-xs text-slate-700">{t('users.picker.nothing')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-x-4 text-xs text-slate-700 sm:grid-cols-2" aria-label={t('users.picker.allowsFor', { role: roleLabel(t, role) })}>
      {grants.map(([resource, letters]) => (
        <li key={resource}>
          <span className="font-medium">{t(`users.resources.${resource}`)}</span>:{' '}
          {actionsOf(letters)
            .map((action) => t(`users.actions.${action}`))
            .join(', ')}
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 6 "Role picker": the roles the signed-in user may give (grantableRoles, the server's rule
 * too), by side, each with its description and, on request, its row of the permission table.
 */
export function RolePicker(props: { roles: readonly PickerRole[]; value: PickerRole | null; onChange: (role: PickerRole) => void; error?: string }) {
  const { t } = useTranslation();
  const sides = ['provider', 'merchant', 'property', 'api'] as const;
  return (
    <fieldset className="flex flex-col gap-3" aria-invalid={props.error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('users.form.role')} *</legend>
      {sides.map((side) => {
        const roles = props.roles.filter((role) => sideOf(role) === side);
        if (roles.length === 0) return null;
        return (
          <div key={side} className="flex flex-col gap-2">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t(`users.sides.${side}`)}</h3>
            {roles.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer gap-3 rounded border border-slate-300 bg-white p-3 has-[:checked]:border-brand has-[:checked]:bg-sky-50"
              >
                <input type="radio" name="role" value={role} checked={props.value === role} onChange={() => props.onChange(role)} className="mt-1" />
                <span className="flex flex-col gap-1">
                  <span className="text-sm font-medium text-slate-900">{roleLabel(t, role)}</span>
                  <span className="text-sm text-slate-700">{t(`users.roles.${role}.description`)}</span>
                  <details className="text-xs">
                    <summary className="cursor-pointer text-brand">{t('users.picker.allows')}</summary>
                    <RolePermissions role={role} />
                  </details>
                </span>
              </label>
            ))}
          </div>
        );
      })}
      {props.error ? <p className="text-sm text-red-800">{props.error}</p> : null}
    </fieldset>
  );
}
