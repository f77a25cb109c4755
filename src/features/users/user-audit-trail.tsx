import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type UserAuditEntry } from '../../../contract/user-admin';
import { formatDateTime } from '../../lib/format';
import { userAuditQuery } from './api';
import { SectionReadFailure } from '../../components/section-read-failure/section-read-failure';

/** What changed between before and after, field by field. */
function changesOf(entry: UserAuditEntry): { field: string; from: string; to: string }[] {
  if (!entry.before || !entry.after) return [];
  const show = (value: unknown) => (Array.isArray(value) ? value.length.toString() : value === null || value === undefined ? '—' : String(value));
  return Object.keys(entry.after)
    .filter((field) => JSON.stringify(entry.before?.[field]) !== JSON.stringify(entry.after?.[field]))
    .map((field) => ({ field, from: show(entry.before?.[field]), to: show(entry.after?.[field]) }));
}

/** The user's audit trail: what they changed and what was changed about them, newest first, with before and after. */
export function UserAuditTrail({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const audit = useQuery(userAuditQuery(userId));
  return (
    <section className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4" aria-labelledby="user-audit-heading">
      <h2 id="user-audit-heading" className="text-base font-semibold">
        {t('users.audit.title')}
      </h2>
      {audit.isPending ? <p className="text-sm">{t('users.audit.loading')}</p> : null}
      <SectionReadFailure read={audit} never="users.audit.unreadable" />
      {audit.data?.length === 0 ? <p className="text-sm">{t('users.audit.empty')}</p> : null}
      <ol className="flex flex-col gap-2">
        {audit.data?.map((entry) => (
          <li key={entry.id} className="border-b border-slate-100 pb-2 text-sm last:border-0">
            <span className="text-slate-600">{formatDateTime(entry.at)}</span> ·{' '}
            <span className="font-medium">{t(`users.audit.actions.${entry.action}`, { defaultValue: entry.action })}</span>
            {entry.actorName ? <span className="text-slate-700"> · {t(`users.audit.${entry.relation}`, { name: entry.actorName })}</span> : null}
            {changesOf(entry).length > 0 ? (
              <ul className="ml-4 list-disc text-xs text-slate-700">
                {changesOf(entry).map((change) => (
                  <li key={change.field}>
                    {t('users.audit.change', {
                      field: t(`users.audit.fields.${change.field}`, { defaultValue: change.field }),
                      from: change.from,
                      to: change.to,
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
