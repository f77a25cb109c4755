import { useLocation, useSearch } from 'wouter';
import { useActiveProperty } from '../../lib/active-property';

// The property a screen works on (issue 32): the switcher's active property for those who have one,
// else the one picked on the screen (kept in the address, so a reload or a shared link keeps it).

export interface WorkingProperty {
  merchantId: string | undefined;
  /** The switcher's property is still being read: wait rather than offer the picker. */
  resolving: boolean;
  /** Whether this user picks on the screen (no switcher property): the picker and "change" show. */
  picks: boolean;
  /** The address of this screen with another property picked (undefined: none). */
  hrefFor(merchantId: string | undefined): string;
}

export const MERCHANT_QUERY = 'merchantId';

export function useWorkingProperty(): WorkingProperty {
  const { activeProperty, resolving } = useActiveProperty();
  const [path] = useLocation();
  const picked = new URLSearchParams(useSearch()).get(MERCHANT_QUERY) ?? undefined;
  const hrefFor = (merchantId: string | undefined) => (merchantId ? `${path}?${MERCHANT_QUERY}=${encodeURIComponent(merchantId)}` : path);
  if (activeProperty) return { merchantId: activeProperty.merchantId, resolving: false, picks: false, hrefFor };
  return { merchantId: resolving ? undefined : picked, resolving, picks: !resolving, hrefFor };
}

/** Another screen's address with the picked property carried along (nothing to carry for switcher users). */
export function withPicked(href: string, working: WorkingProperty): string {
  return working.picks && working.merchantId ? `${href}?${MERCHANT_QUERY}=${encodeURIComponent(working.merchantId)}` : href;
}
