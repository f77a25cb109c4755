import type { TFunction } from 'i18next';
import { type UserRow } from '../../../contract/user-admin';

export function scopeLabel(t: TFunction, row: Pick<UserRow, 'scope' | 'merchantGroupName' | 'properties'>): string {
  if (row.scope === 'all') return t('users.scope.all');
  if (row.scope === 'group') return t('users.scope.group', { group: row.merchantGroupName ?? '' });
  if (row.scope === 'assigned') return row.properties.map((property) => property.name).join(', ') || t('users.scope.noProperties');
  return t('users.scope.none');
}
