import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { currentRoleOf, routeOf } from '../../lib/permissions';
import { ROUTES, type AppRoute } from '../route-table';
import { useSession } from '../../lib/session/session-provider';
import { guardDecision } from './guard-decision';

function Waiting() {
  const { t } = useTranslation();
  const { userError, retry } = useSession();
  if (userError)
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-8">
        <p role="alert" className="text-red-800">
          {userError}
        </p>
        <button type="button" onClick={retry} className="rounded bg-brand px-3 py-1 text-white">
          {t('common.retry')}
        </button>
      </main>
    );
  return (
    <main className="flex min-h-screen items-center justify-center" data-testid="guard-waiting">
      <p role="status">{t('shell.loadingScreen')}</p>
    </main>
  );
}

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
