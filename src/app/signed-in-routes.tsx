import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { RouteGuard } from './guard/route-guard';
import { InactivePropertyGate } from './inactive-property-gate';
import { ROUTES, type AppRoute } from './route-table';
import { arriving, publicRouteElement, screenElement, screenOf, ScreenFallback } from './screens';
import { useSession } from '../lib/session/session-provider';
import { loadSignedInTranslations } from '../i18n/i18n';
import { NotFoundPage } from '../components/not-found/not-found-page';
import { currentRoleOf, homeOf, routeOf } from '../lib/permissions';

// The part of the app a signed-in user (or a visitor opening a guarded address) needs: the whole route
// table with its demands and the guard that checks them. Loaded by ./routes.tsx once a session exists
// or is being checked for a guarded address, so /sign-in does not carry it (decision 0571).

// What only a signed-in user sees loads with the first signed-in screen, not with /sign-in (issue 13
// "First load"): the shell (menus, profile progress, the export toast and its tracker, server reads)
// with the other areas' strings, which its screens need before they render; the notifications.
const shell = arriving<{ children: ReactNode }>(() =>
  Promise.all([import('./shell/app-shell'), loadSignedInTranslations()]).then(([{ AppShell }]) => AppShell),
);
const AppShell = shell.Component;
const Notifications = lazy(() => import('./notifications/notifications').then((module) => ({ default: module.Notifications })));

/**
 * While the session check is out, the screen of the address being opened (and for a guarded
 * address, the shell with the signed-in strings) is fetched beside it, so it is usually there when
 * the guard lets it render. A guarded address that turns out to need a sign-in has fetched these
 * for nothing, once (their chunks are cached as immutable).
 */
function useScreenFetchedDuringSessionCheck(status: string) {
  const [pathname] = useLocation();
  useEffect(() => {
    if (status !== 'loading') return;
    const route = routeOf(ROUTES, pathname);
    if (!route) return;
    screenOf(route.load)
      .fetch()
      .catch(() => undefined);
    if (!route.public) shell.fetch().catch(() => undefined);
  }, [status, pathname]);
}

function renderRoute(route: AppRoute, chrome: 'shell' | 'public') {
  if (chrome === 'public') return publicRouteElement(route);
  // The screen's chunk is requested now, beside the shell's, rather than once the shell has arrived
  // (a failed download is reported where the lazy screen renders).
  screenOf(route.load)
    .fetch()
    .catch(() => undefined);
  return (
    <Suspense fallback={<ScreenFallback />}>
      <AppShell>{screenElement(route)}</AppShell>
    </Suspense>
  );
}

/** An unknown address, signed in: the not-found page in the shell, with the way to the role's home. */
function renderNotFound() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <AppShell>
        <NotFoundScreen />
      </AppShell>
    </Suspense>
  );
}

function NotFoundScreen() {
  const { session, user } = useSession();
  return <NotFoundPage homeHref={homeOf(currentRoleOf(user?.userRoles ?? session?.userRoles))} />;
}

export function SignedInRoutes() {
  const { status } = useSession();
  useScreenFetchedDuringSessionCheck(status);
  return (
    <>
      <RouteGuard render={renderRoute} renderNotFound={renderNotFound} />
      <InactivePropertyGate />
      {status === 'authenticated' && (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      )}
    </>
  );
}
