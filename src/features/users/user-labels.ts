import type { TFunction } from 'i18next';
import { type UserRow } from '../../../contract/user-admin';
import { roleLabel } from '../../lib/role-label';

/** A user's role in the users list, "No role" for a user without one. */
export function userRoleLabel(t: TFunction, role: string | null): string {
  return role ? roleLabel(t, role) : t('users.noRole');
}

export function scopeLabel(t: TFunction, row: Pick<UserRow, 'scope' | 'merchantGroupName' | 'properties'>): string {
  if (row.scope === 'all') return t('users.scope.all');
  if (row.scope === 'group') return t('users.scope.group', { group: row.merchantGroupName ?? '' });
  if (row.scope === 'assigned') return row.properties.map((property) => property.name).join(', ') || t('users.scope.noProperties');
  return t('users.scope.none');
}
