import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { activeMenuItemKey, type VisibleMenuItem } from './menu-items';

// Spec 2 "Application shell": the left menu holds the non-submenu items; the submenu items sit
// under the "all controls" dropdown.
// The left menu's items each open their own path: only a submenu item (a property manager's payment
// settings) points at the active property (menuItemHref).
export function SideMenu({ items, onNavigate }: { items: VisibleMenuItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const activeKey = activeMenuItemKey(items, location);
  return (
    <nav aria-label={t('shell.menu.label')} data-testid="side-menu">
      <ul className="flex flex-col gap-1 p-3">
        {items.map((item) => {
          const active = item.key === activeKey;
          return (
            <li key={item.key}>
              <Link
                href={item.path}
                onClick={onNavigate}
                data-menu-item={item.key}
                data-permissions={item.permissions.join(',')}
                aria-current={active ? 'page' : undefined}
                className={`block rounded px-3 py-2 text-sm ${active ? 'bg-brand text-white' : 'text-slate-700 hover:bg-brand-light'}`}
              >
                {t(`shell.menu.${item.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** An item's address; undefined while it cannot be known yet (menuItemHref): the item shows, disabled. */
export function AllControlsMenu({ items, hrefOf }: { items: VisibleMenuItem[]; hrefOf: (item: VisibleMenuItem) => string | undefined }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  if (items.length === 0) return null;
  return (
    <Menu as="div" className="relative">
      <MenuButton className="rounded px-2 py-1 text-sm whitespace-nowrap text-white/90 hover:bg-white/10 sm:px-3" data-testid="all-controls">
        {/* Its words at every width: on a phone a bare arrow told nobody what it opens (issue 34). */}
        {t('shell.menu.allControls')} <span aria-hidden>▾</span>
      </MenuButton>
      <MenuItems anchor="bottom start" className="z-40 mt-1 w-56 rounded-md bg-white py-1 text-slate-800 shadow-lg focus:outline-none">
        {items.map((item) => {
          const href = hrefOf(item);
          return (
            <MenuItem key={item.key} disabled={href === undefined}>
              <button
                type="button"
                data-menu-item={item.key}
                data-permissions={item.permissions.join(',')}
                onClick={() => href !== undefined && navigate(href)}
                className="block w-full px-3 py-2 text-left text-sm data-[disabled]:cursor-wait data-[disabled]:text-slate-400 data-[focus]:bg-brand-light"
              >
                {t(`shell.menu.${item.key}`)}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
