import { useTranslation } from 'react-i18next';
import { PROVIDER_ADMIN_ROLE } from '../../../contract/roles';
import { roleLabel } from '../../lib/role-label';

// Spec 2: provider admin red, merchant admin gold, others teal (tailwind.config.ts `badge`). White
// text on gold reads at 2.4:1, so the gold badge carries dark text (WCAG AA: 4.5:1 for small text).
export function badgeClassOf(role: string | undefined): string {
  if (role === PROVIDER_ADMIN_ROLE) return 'bg-badge-admin text-white';
  if (role === 'MerchantAdmin') return 'bg-badge-merchant text-brand-dark';
  return 'bg-badge-other text-white';
}

export function RoleBadge({ role }: { role: string | undefined }) {
  const { t } = useTranslation();
  return (
    <span data-testid="role-badge" data-role={role ?? ''} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${badgeClassOf(role)}`}>
      {roleLabel(t, role)}
    </span>
  );
}
