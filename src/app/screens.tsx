import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRoute, ScreenLoader } from './public-routes';

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
export interface Arriving<P> {
  fetch: () => Promise<ComponentType<P>>;
  Component: LazyExoticComponent<ComponentType<P>>;
}

export function arriving<P>(load: () => Promise<ComponentType<P>>): Arriving<P> {
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

// Each screen's module is fetched once; routes sharing a screen (the KYC steps, the property and
// merchant pages) share one lazy component, whether the public or the signed-in part renders it.
const screens = new Map<ScreenLoader, Arriving<object>>();
export function screenOf(load: ScreenLoader): Arriving<object> {
  let screen = screens.get(load);
  if (!screen) {
    screen = arriving(load);
    screens.set(load, screen);
  }
  return screen;
}

export function ScreenFallback() {
  const { t } = useTranslation();
  return (
    <p role="status" data-testid="screen-fallback">
      {t('common.loading')}
    </p>
  );
}

function PublicFrame({ route, children }: { route: AppRoute; children: ReactNode }) {
  // Password routes and inactive-property: full height, dark background, no padding (spec 2).
  return <div className={route.dark ? 'min-h-full bg-brand-dark' : 'min-h-full'}>{children}</div>;
}

/** A route's screen, lazily loaded, with its loading fallback. */
export function screenElement(route: AppRoute) {
  const Screen = screenOf(route.load).Component;
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
}

/** A public route's screen in its frame, without the shell. */
export function publicRouteElement(route: AppRoute) {
  return <PublicFrame route={route}>{screenElement(route)}</PublicFrame>;
}
