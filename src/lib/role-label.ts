import type { TFunction } from 'i18next';

/**
 * A role's name as people read it ("Property manager", not `PropertyManager`): one list of names (`shell.roles`) for
 * the header's badge, the users screens and the refund approvers. A role the catalogue does not know shows its code.
 */
export function roleLabel(t: TFunction, role: string | null | undefined): string {
  return role ? t(`shell.roles.${role}`, { defaultValue: role }) : t('shell.roles.unknown');
}

/** Several roles' names, in the order given, as one phrase. */
export function roleLabels(t: TFunction, roles: readonly string[]): string {
  return roles.map((role) => roleLabel(t, role)).join(', ');
}
