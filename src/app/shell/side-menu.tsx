import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { activeMenuItemKey, type VisibleMenuItem } from './menu-items';

// Spec 2 "Application shell": the left menu holds the non-submenu items; the submenu items sit
// under the "all controls" dropdown.
/** An item's address; undefined while it cannot be known yet (menuItemHref): the item shows, disabled. */
type HrefOf = (item: VisibleMenuItem) => string | undefined;

export function SideMenu({ items, hrefOf, onNavigate }: { items: VisibleMenuItem[]; hrefOf: HrefOf; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const activeKey = activeMenuItemKey(items, location);
  return (
    <nav aria-label={t('shell.menu.label')} data-testid="side-menu">
      <ul className="flex flex-col gap-1 p-3">
        {items.map((item) => {
          const active = item.key === activeKey;
          const href = hrefOf(item);
          return (
            <li key={item.key}>
              {href === undefined ? (
                <span aria-disabled="true" data-menu-item={item.key} className="block cursor-wait rounded px-3 py-2 text-sm text-slate-400">
                  {t(`shell.menu.${item.key}`)}
                </span>
              ) : (
                <Link
                  href={href}
                  onClick={onNavigate}
                  data-menu-item={item.key}
                  data-permissions={item.permissions.join(',')}
                  aria-current={active ? 'page' : undefined}
                  className={`block rounded px-3 py-2 text-sm ${active ? 'bg-brand text-white' : 'text-slate-700 hover:bg-brand-light'}`}
                >
                  {t(`shell.menu.${item.key}`)}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function AllControlsMenu({ items, hrefOf }: { items: VisibleMenuItem[]; hrefOf: HrefOf }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  if (items.length === 0) return null;
  return (
    <Menu as="div" className="relative">
      <MenuButton className="rounded px-2 py-1 text-sm whitespace-nowrap text-white/90 hover:bg-white/10 sm:px-3" data-testid="all-controls">
        {/* Below sm only the arrow shows; the name stays for assistive technology. */}
        <span className="max-sm:sr-only">{t('shell.menu.allControls')}</span> <span aria-hidden>▾</span>
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
