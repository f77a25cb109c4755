import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contract/kyc';
import { formatDateTime } from '../format';

/** Who did what and when, newest first as the server answers it. */
export function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="audit-trail" className="mb-6">
      <h2 id="audit-trail" className="mb-2 text-lg font-semibold">
        {t('kycReview.detail.audit')}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t('kycReview.detail.noAudit')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-left text-slate-600">
              <th className="py-1 pr-4">{t('kycReview.detail.auditWhen')}</th>
              <th className="py-1 pr-4">{t('kycReview.detail.auditWho')}</th>
              <th className="py-1 pr-4">{t('kycReview.detail.auditWhat')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-4 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                <td className="py-1 pr-4">
                  {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : t('kycReview.detail.system')}
                </td>
                <td className="py-1 pr-4">
                  {t(`kycReview.audit.${entry.action}`, { defaultValue: entry.action })}
                  {auditDetail(entry.detail)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function auditDetail(detail: Record<string, unknown>): string {
  const shown = Object.entries(detail).filter(([, value]) => typeof value === 'string' || typeof value === 'number');
  return shown.length ? ` (${shown.map(([key, value]) => `${key}: ${String(value)}`).join(', ')})` : '';
}
