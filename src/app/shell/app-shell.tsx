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
import { LiveStatus } from './live-status';
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
  const { activeProperty, resolving } = useActiveProperty();
  const [menuOpen, setMenuOpen] = useState(false);
  const role = currentRoleOf(user?.userRoles ?? session?.userRoles);
  const items = user ? visibleMenuItems(role, merchantUserInfo?.merchantGroupStatus, user.userPermissions) : [];
  const hrefOf = (item: VisibleMenuItem) => menuItemHref(item, role, { active: activeProperty, resolving });
  const sideItems = items.filter((item) => !item.submenu);
  // An account with no pages (a machine account, a role without rights) has no menu: no empty column
  // beside its page and no hamburger opening an empty drawer. While the user loads, the column is kept.
  const noMenu = user !== null && sideItems.length === 0;
  const firstName = profile?.firstName ?? '';
  const lastName = profile?.lastName ?? '';

  return (
    <div className="flex h-screen flex-col">
      <SkipToContent />
      {/* One line at every width (issue 11 "Layout"): below sm the labels shrink to icons, nothing wraps. */}
      <header className="flex h-[68px] shrink-0 items-center gap-2 whitespace-nowrap bg-brand-dark px-3 text-white sm:gap-3 sm:px-4">
        {noMenu ? null : (
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
        )}
        {/* The visible word starts the link's name (WCAG 2.5.3 label in name); "Home" follows for screen readers. */}
        <Link href={homeOf(role)} className="text-xl font-bold tracking-wide">
          {t('shell.logo')}
          <span className="sr-only"> {t('shell.home')}</span>
        </Link>
        <AllControlsMenu items={items.filter((item) => item.submenu)} hrefOf={hrefOf} />
        <div className="ml-auto flex items-center gap-3">
          <LiveStatus />
          {role === PROVIDER_ADMIN_ROLE && <ProfileProgress />}
          {user && <UserMenu role={role} firstName={firstName} lastName={lastName} onSignOut={signOut} />}
        </div>
      </header>
      <div className="relative flex h-[calc(100vh-68px)] min-h-0">
        {/* Below md the open menu lies over the content instead of pushing it sideways. */}
        {noMenu ? null : (
          <aside
            id="folio-side-menu"
            className={`${menuOpen ? 'block' : 'hidden'} absolute inset-y-0 left-0 z-30 w-60 overflow-y-auto border-r border-slate-200 bg-white shadow-lg md:static md:block md:shrink-0 md:shadow-none`}
          >
            <SideMenu items={sideItems} onNavigate={() => setMenuOpen(false)} />
          </aside>
        )}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          data-testid="shell-content"
          className="h-[calc(100vh-68px)] min-w-0 flex-1 overflow-auto bg-slate-50 p-4 focus:outline-none sm:p-6"
        >
          {children}
        </main>
      </div>
      <div className="fixed right-4 bottom-4 z-30">
        <ExportToast />
      </div>
    </div>
  );
}

const MAIN_CONTENT_ID = 'main-content';

/** The first thing a keyboard user reaches: jumps over the top bar and the menu to the screen. */
function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus the content without putting a hash in the address (the router owns it).
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="sr-only z-50 rounded bg-white px-3 py-2 font-semibold text-brand-dark focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-offset-2 focus:outline-brand"
    >
      {t('common.skipToContent')}
    </a>
  );
}
