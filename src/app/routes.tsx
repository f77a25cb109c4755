import { lazy, Suspense, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { RouteGuard } from './guard/route-guard';
import { Notifications } from './notifications/notifications';
import type { AppRoute, ScreenLoader } from './route-table';
import { ActivePropertyProvider } from '../lib/active-property';
import { AppShell } from './shell/app-shell';
import { LoadingOverlay } from './shell/loading-overlay';
import { hideLoadingOverlay } from '../lib/loading-overlay-store';

// Routes sharing a screen (the KYC steps, the property and merchant pages) share one lazy component.
const lazyScreens = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();
function lazyScreen(load: ScreenLoader): LazyExoticComponent<ComponentType> {
  let screen = lazyScreens.get(load);
  if (!screen) {
    screen = lazy(async () => ({ default: await load() }));
    lazyScreens.set(load, screen);
  }
  return screen;
}

function ScreenFallback() {
  const { t } = useTranslation();
  return <p role="status">{t('common.loading')}</p>;
}

function PublicFrame({ route, children }: { route: AppRoute; children: React.ReactNode }) {
  // Password routes and inactive-property: full height, dark background, no padding (spec 2).
  return <div className={route.dark ? 'min-h-full bg-brand-dark' : 'min-h-full'}>{children}</div>;
}

function renderRoute(route: AppRoute, chrome: 'shell' | 'public') {
  const Screen = lazyScreen(route.load);
  const screen = (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
  return chrome === 'shell' ? <AppShell>{screen}</AppShell> : <PublicFrame route={route}>{screen}</PublicFrame>;
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
  return (
    <ActivePropertyProvider>
      <ClearLoadingOnRouteChange />
      <RouteGuard render={renderRoute} />
      <LoadingOverlay />
      <Notifications />
    </ActivePropertyProvider>
  );
}
