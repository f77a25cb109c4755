import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contract/kyc/application';
import { formatDateTime } from '../../../lib/format';
import { SidewaysScroll } from '../../../components/sideways-scroll/sideways-scroll';

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
        // A table wider than a phone scrolls here: keyboard users reach the scroll by focusing it (issue 34, axe scrollable-region-focusable).
        <SidewaysScroll tabIndex={0} role="region" aria-label={t('kycReview.detail.auditEntries')}>
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
                  <td className="py-1 pr-4">{entry.actor ? `${entry.actor.name} (${entry.actor.email})` : t('kycReview.detail.system')}</td>
                  <td className="py-1 pr-4">
                    {t(`kycReview.audit.${entry.action}`, { defaultValue: entry.action })}
                    <AuditDetail detail={entry.detail} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      )}
    </section>
  );
}

/** What changed, in words: the status move, the reason given, the document involved. */
function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (typeof detail.from === 'string' && typeof detail.to === 'string')
    parts.push(`${t(`kycReview.status.${detail.from}`, { defaultValue: detail.from })} → ${t(`kycReview.status.${detail.to}`, { defaultValue: detail.to })}`);
  if (typeof detail.reason === 'string' && detail.reason) parts.push(`“${detail.reason}”`);
  if (typeof detail.name === 'string') parts.push(detail.name);
  if (Array.isArray(detail.flags)) parts.push(t('kycReview.detail.flagCount', { count: detail.flags.length }));
  return parts.length ? <span className="text-slate-600"> ({parts.join('; ')})</span> : null;
}
