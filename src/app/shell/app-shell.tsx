import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PROVIDER_ADMIN_ROLE } from '../../../contract/roles';
import { ExportToast } from '../../features/exports/export-toast';
import { currentRoleOf, homeOf } from '../../lib/permissions';
import { QueryProvider } from '../../lib/query-provider';
import { useSession } from '../../lib/session/session-provider';
import { useActiveProperty } from '../../lib/active-property';
import { menuItemHref, visibleMenuItems, type VisibleMenuItem } from './menu-items';
import { ProfileProgress } from './profile-progress';
import { AllControlsMenu, SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

// Spec 2 "Application shell": top bar (logo -> role home, "all controls", user menu), the left menu
// with a hamburger toggle on small screens, content of height viewport minus 68 px, and the
// bottom-right export toast.
// The screens' server reads (TanStack Query) get their client here, with the signed-in shell.
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <ShellFrame>{children}</ShellFrame>
    </QueryProvider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session, user, profile, merchantUserInfo, signOut } = useSession();
  const { activeProperty } = useActiveProperty();
  const [menuOpen, setMenuOpen] = useState(false);
  const role = currentRoleOf(user?.userRoles ?? session?.userRoles);
  const items = user ? visibleMenuItems(role, merchantUserInfo?.merchantGroupStatus, user.userPermissions) : [];
  const hrefOf = (item: VisibleMenuItem) => menuItemHref(item, role, activeProperty);
  const firstName = profile?.firstName ?? '';
  const lastName = profile?.lastName ?? '';

  return (
    <div className="flex h-screen flex-col">
      <header className="flex h-[68px] shrink-0 items-center gap-3 bg-brand-dark px-4 text-white">
        <button
          type="button"
          className="rounded p-2 hover:bg-white/10 md:hidden"
          aria-label={t('shell.menu.toggle')}
          aria-expanded={menuOpen}
          aria-controls="folio-side-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden className="block h-0.5 w-5 bg-white shadow-[0_6px_0_white,0_-6px_0_white]" />
        </button>
        <Link href={homeOf(role)} aria-label={t('shell.home')} className="text-xl font-bold tracking-wide">
          {t('shell.logo')}
        </Link>
        <AllControlsMenu items={items.filter((item) => item.submenu)} hrefOf={hrefOf} />
        <div className="ml-auto flex items-center gap-3">
          {role === PROVIDER_ADMIN_ROLE && <ProfileProgress />}
          {user && <UserMenu role={role} firstName={firstName} lastName={lastName} onSignOut={signOut} />}
        </div>
      </header>
      <div className="flex h-[calc(100vh-68px)] min-h-0">
        <aside id="folio-side-menu" className={`${menuOpen ? 'block' : 'hidden'} w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white md:block`}>
          <SideMenu items={items.filter((item) => !item.submenu)} hrefOf={hrefOf} onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main data-testid="shell-content" className="h-[calc(100vh-68px)] min-w-0 flex-1 overflow-auto bg-slate-50 p-6">{children}</main>
      </div>
      <div className="fixed right-4 bottom-4 z-30">
        <ExportToast />
      </div>
    </div>
  );
}
