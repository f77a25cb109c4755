import { useTranslation } from 'react-i18next';
import { PROVIDER_ADMIN_ROLE } from '../../../contract/roles';

// Spec 2: provider admin red, merchant admin gold, others teal (tailwind.config.ts `badge`).
export function badgeClassOf(role: string | undefined): string {
  if (role === PROVIDER_ADMIN_ROLE) return 'bg-badge-admin';
  if (role === 'MerchantAdmin') return 'bg-badge-merchant';
  return 'bg-badge-other';
}

export function RoleBadge({ role }: { role: string | undefined }) {
  const { t } = useTranslation();
  return (
    <span data-testid="role-badge" data-role={role ?? ''} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold text-white ${badgeClassOf(role)}`}>
      {t(`shell.roles.${role ?? 'unknown'}`, { defaultValue: role ?? t('shell.roles.unknown') })}
    </span>
  );
}
