import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { RouteGuard } from './guard/route-guard';
import { InactivePropertyGate } from './inactive-property-gate';
import { ROUTES, type AppRoute, type ScreenLoader } from './route-table';
import { ActivePropertyProvider } from '../lib/active-property';
import { LoadingOverlay } from './shell/loading-overlay';
import { hideLoadingOverlay } from '../lib/loading-overlay-store';
import { useSession } from '../lib/session/session-provider';
import { loadSignedInTranslations } from '../i18n/i18n';
import { NotFoundPage } from '../components/not-found/not-found-page';
import { currentRoleOf, homeOf, routeOf } from '../lib/permissions';

/**
 * A thenable that answers as soon as it is asked. React.lazy reads it in the same render, so a
 * component whose module has already arrived shows without suspending. Suspending would show the
 * fallback, and React 19 then keeps the component back until 300 ms after the fallback appeared
 * (decision 0338).
 */
function answeredAtOnce<T>(value: T): Promise<T> {
  const thenable = { then: (fulfilled: (answer: T) => unknown) => fulfilled(value) };
  return thenable as unknown as Promise<T>;
}

/** A lazily loaded component: `fetch` requests its module once; `Component` renders it, without suspending once it has arrived. */
interface Arriving<P> {
  fetch: () => Promise<ComponentType<P>>;
  Component: LazyExoticComponent<ComponentType<P>>;
}

function arriving<P>(load: () => Promise<ComponentType<P>>): Arriving<P> {
  let module: Promise<ComponentType<P>> | undefined;
  let arrived: ComponentType<P> | undefined;
  const fetch = () =>
    (module ??= load().then((component) => {
      arrived = component;
      return component;
    }));
  const Component = lazy(() => (arrived ? answeredAtOnce({ default: arrived }) : fetch().then((component) => ({ default: component }))));
  return { fetch, Component };
}

// What only a signed-in user sees loads with the first signed-in screen, not with /sign-in (issue 13
// "First load"): the shell (menus, profile progress, the export toast and its tracker, server reads)
// with the other areas' strings, which its screens need before they render; the notifications.
const shell = arriving<{ children: ReactNode }>(() =>
  Promise.all([import('./shell/app-shell'), loadSignedInTranslations()]).then(([{ AppShell }]) => AppShell),
);
const AppShell = shell.Component;
const Notifications = lazy(() => import('./notifications/notifications').then((module) => ({ default: module.Notifications })));

// Each screen's module is fetched once; routes sharing a screen (the KYC steps, the property and
// merchant pages) share one lazy component.
const screens = new Map<ScreenLoader, Arriving<object>>();
function screenOf(load: ScreenLoader): Arriving<object> {
  let screen = screens.get(load);
  if (!screen) {
    screen = arriving(load);
    screens.set(load, screen);
  }
  return screen;
}

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

function ScreenFallback() {
  const { t } = useTranslation();
  return (
    <p role="status" data-testid="screen-fallback">
      {t('common.loading')}
    </p>
  );
}

function PublicFrame({ route, children }: { route: AppRoute; children: React.ReactNode }) {
  // Password routes and inactive-property: full height, dark background, no padding (spec 2).
  return <div className={route.dark ? 'min-h-full bg-brand-dark' : 'min-h-full'}>{children}</div>;
}

function renderRoute(route: AppRoute, chrome: 'shell' | 'public') {
  const Screen = screenOf(route.load).Component;
  const screen = (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
  if (chrome === 'public') return <PublicFrame route={route}>{screen}</PublicFrame>;
  // The screen's chunk is requested now, beside the shell's, rather than once the shell has arrived
  // (a failed download is reported where the lazy screen renders).
  screenOf(route.load)
    .fetch()
    .catch(() => undefined);
  return (
    <Suspense fallback={<ScreenFallback />}>
      <AppShell>{screen}</AppShell>
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

/** The loading flag is cleared at the start of every route change (spec 2). */
function ClearLoadingOnRouteChange() {
  const [location] = useLocation();
  useLayoutEffect(() => {
    hideLoadingOverlay();
  }, [location]);
  return null;
}

export function AppRoutes() {
  const { status } = useSession();
  useScreenFetchedDuringSessionCheck(status);
  return (
    <ActivePropertyProvider>
      <ClearLoadingOnRouteChange />
      <RouteGuard render={renderRoute} renderNotFound={renderNotFound} />
      <InactivePropertyGate />
      <LoadingOverlay />
      {status === 'authenticated' && (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      )}
    </ActivePropertyProvider>
  );
}
