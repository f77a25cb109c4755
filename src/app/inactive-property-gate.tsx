import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useActiveProperty } from '../lib/active-property';
import { INACTIVE_PROPERTY_PATH, mustShowInactivePage } from '../lib/inactive-property';
import { currentRoleOf, routeOf } from '../lib/permissions';
import { useSession } from '../lib/session/session-provider';
import { ROUTES } from './route-table';

/** Sends a property's own staff to the inactive-property page while their active property is Inactive (src/lib/inactive-property.ts). */
export function InactivePropertyGate() {
  const [pathname, navigate] = useLocation();
  const { user, status } = useSession();
  const { activeProperty, statusOf } = useActiveProperty();
  const show =
    status === 'authenticated' &&
    activeProperty !== undefined &&
    mustShowInactivePage({
      role: currentRoleOf(user?.userRoles),
      activeStatus: statusOf(activeProperty.merchantId),
      pathname,
      publicRoute: Boolean(routeOf(ROUTES, pathname)?.public),
    });
  useEffect(() => {
    if (!show) return;
    // A switch to another hotel navigates before the new active property reaches this component: wait
    // one turn, so a switch away from the Inactive hotel is not sent straight back here.
    const timer = setTimeout(() => navigate(INACTIVE_PROPERTY_PATH, { replace: true }), 0);
    return () => clearTimeout(timer);
  }, [show, navigate]);
  return null;
}
