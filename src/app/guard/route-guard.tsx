import { Redirect, useLocation, useSearch } from 'wouter';
import { currentRoleOf, routeOf } from '../../lib/permissions';
import { ROUTES, type AppRoute } from '../route-table';
import { useSession } from '../../lib/session/session-provider';
import { guardDecision } from './guard-decision';
import { Waiting } from './waiting';

/** Spec 2 "Session rules": decides what the current location shows, then hands the route to `render`. */
export function RouteGuard({
  render,
  renderNotFound,
}: {
  render: (route: AppRoute, chrome: 'shell' | 'public') => React.ReactNode;
  renderNotFound: () => React.ReactNode;
}) {
  const [pathname] = useLocation();
  // Subscribes to the query string; the raw one is read, since useSearch decodes it (an encoded
  // callbackUrl holding its own query would fall apart).
  useSearch();
  const search = window.location.search;
  const { status, session, user, userLoaded, merchantUserInfo, twoStepSetupRequired } = useSession();
  const decision = guardDecision({
    routes: ROUTES,
    route: routeOf(ROUTES, pathname),
    pathname,
    search,
    status,
    userLoaded,
    role: currentRoleOf(user?.userRoles ?? session?.userRoles),
    permissions: user?.userPermissions ?? [],
    groupStatus: merchantUserInfo?.merchantGroupStatus ?? null,
    origin: window.location.origin,
    twoStepSetupRequired,
  });
  if (decision.kind === 'wait') return <Waiting />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'not-found') return <>{renderNotFound()}</>;
  return <>{render(decision.route, decision.chrome)}</>;
}
