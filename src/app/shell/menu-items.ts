import { groupOpensPage, rolesWithMenuItem } from '../../../contract/permission-rules';
import { MENU, PAGE_AREAS } from '../../../contract/permission-table';
import type { Resource, UserPermission } from '../../../contract/roles';

// Spec 2 "Side menu and who sees each item": the items and their roles come from the one permission
// table (contract/permission-table.ts, docs/decisions/0180-one-permission-table.md).

export interface MenuItem {
  key: string;
  path: string;
  resource: Resource;
  roles: readonly string[];
  /** Under the "all controls" dropdown rather than in the left menu. */
  submenu?: boolean;
}

/** A visible item carries the user's permissions on its resource (spec 6). */
export interface VisibleMenuItem extends MenuItem {
  permissions: UserPermission['permissions'];
}

export const MENU_ITEMS: readonly MenuItem[] = MENU.map((item) => ({
  key: item.key,
  path: item.path,
  resource: PAGE_AREAS[item.area].resource,
  roles: rolesWithMenuItem(item.key),
  ...('submenu' in item ? { submenu: item.submenu } : {}),
}));

/** The menu of a role, each item with the user's permissions on its resource. */
export function visibleMenuItems(role: string | undefined, groupStatus: string | null | undefined, permissions: readonly UserPermission[]): VisibleMenuItem[] {
  if (!role) return [];
  return MENU_ITEMS.filter((item) => item.roles.includes(role))
    .filter((item) => groupOpensPage(item.resource, groupStatus))
    .map((item) => ({ ...item, permissions: permissions.find((entry) => entry.resource === item.resource)?.permissions ?? [] }));
}

/**
 * A property manager's "payment settings" goes to the update page of the active property (spec 2).
 * While that property is still being read there is no address yet (undefined): the item waits,
 * disabled, rather than lead to the list page a moment too early.
 */
export function menuItemHref(
  item: MenuItem,
  role: string | undefined,
  activeProperty: { active: { merchantId: string; merchantGroupId: string } | undefined; resolving: boolean },
): string | undefined {
  if (item.key !== 'paymentSettings' || role !== 'PropertyManager') return item.path;
  const { active, resolving } = activeProperty;
  if (active)
    return `/payment-settings/edit-payment-settings?merchantGroupId=${encodeURIComponent(active.merchantGroupId)}&merchantId=${encodeURIComponent(active.merchantId)}`;
  return resolving ? undefined : item.path;
}

/** Addresses beyond its own path that belong to a menu item: the wizard's other steps, the link preview. */
const MORE_SECTIONS: Readonly<Record<string, readonly string[]>> = { kyc: ['/kyc/'], paymentLink: ['/payment-link-preview'] };

function sectionLength(prefix: string, pathname: string): number {
  const matches = prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`);
  return matches ? prefix.length : -1;
}

/**
 * The menu item a page belongs to, so the menu stays highlighted on sub-pages (an application's
 * detail, a later KYC step): the item with the longest path the address lies under.
 */
export function activeMenuItemKey(items: readonly Pick<MenuItem, 'key' | 'path'>[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const item of items)
    for (const prefix of [item.path, ...(MORE_SECTIONS[item.key] ?? [])]) {
      const length = sectionLength(prefix, pathname);
      if (length > (best?.length ?? -1)) best = { key: item.key, length };
    }
  return best?.key;
}
