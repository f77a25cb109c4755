import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { Waiting } from './guard/waiting';
import { PUBLIC_ROUTES } from './public-routes';
import { publicRouteElement, screenOf } from './screens';
import { ActivePropertyProvider } from '../lib/active-property';
import { LoadingOverlay } from './shell/loading-overlay';
import { hideLoadingOverlay } from '../lib/loading-overlay-store';
import { useSession } from '../lib/session/session-provider';
import { routeOf } from '../lib/route-match';

// The first load knows only the public routes (decision 0571). A signed-out visitor on one of them
// gets its screen from here; every other case (a session, a guarded or unknown address) is decided by
// the signed-in part, with the whole route table and the permission rules, which loads lazily.
const SignedInRoutes = lazy(() => import('./signed-in-routes').then((module) => ({ default: module.SignedInRoutes })));

/** The loading flag is cleared at the start of every route change (spec 2). */
function ClearLoadingOnRouteChange() {
  const [location] = useLocation();
  useLayoutEffect(() => {
    hideLoadingOverlay();
  }, [location]);
  return null;
}

/** While the session check is out on a public address, its screen is fetched beside it (decision 0338). */
function usePublicScreenFetchedDuringSessionCheck(status: string, route: (typeof PUBLIC_ROUTES)[number] | undefined) {
  useEffect(() => {
    if (status !== 'loading' || !route) return;
    screenOf(route.load)
      .fetch()
      .catch(() => undefined);
  }, [status, route]);
}

function PublicOrSignedIn() {
  const { status } = useSession();
  const [pathname] = useLocation();
  const publicRoute = routeOf(PUBLIC_ROUTES, pathname);
  usePublicScreenFetchedDuringSessionCheck(status, publicRoute);
  // Spec 2 "Session rules" for a public address: the session check first, then its screen when signed out.
  if (publicRoute && status === 'loading') return <Waiting />;
  if (publicRoute && status === 'unauthenticated') return publicRouteElement(publicRoute);
  return (
    <Suspense fallback={<Waiting />}>
      <SignedInRoutes />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <ActivePropertyProvider>
      <ClearLoadingOnRouteChange />
      <PublicOrSignedIn />
      <LoadingOverlay />
    </ActivePropertyProvider>
  );
}
