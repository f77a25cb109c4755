import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderEmailEndpoints } from '../../../contract/transaction-emails';
import { MutationButton } from '../../components/mutation-button';
import { call } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { orderEmailHistoryQuery, orderKeys } from './api';
import { SectionReadFailure } from '../../components/section-read-failure/section-read-failure';

const { resendOrderEmail } = orderEmailEndpoints;
const PAGE_SIZE = 10;

/** The e-mails the guest got about the order (spec 7 `email-history`), with a resend for staff who may act (decision 0206). */
export function OrderEmailHistory({ orderId, merchantId, mayResend }: { orderId: number; merchantId: string | undefined; mayResend: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [resentId, setResentId] = useState<number | null>(null);
  const result = useQuery(orderEmailHistoryQuery(orderId, merchantId, page, PAGE_SIZE));
  const resend = useActionMutation({
    mutationFn: (emailId: number, idempotencyKey: string) => call(resendOrderEmail, { params: { id: orderId, emailId }, merchantId, idempotencyKey }),
    onSuccess: (_copy, input) => {
      setResentId(input.variables);
      setPage(0);
      void queryClient.invalidateQueries({ queryKey: orderKeys.emails(orderId) });
    },
  });
  const history = result.data;
  if (result.isError && !history) return <SectionReadFailure read={result} never="transactions.info.emailsUnreadable" />;
  if (!history) return <p className="text-sm text-slate-700">{t('transactions.info.loading')}</p>;
  if (history.total === 0) return <p className="text-sm text-slate-700">{t('transactions.info.emailsEmpty')}</p>;
  const pages = Math.ceil(history.total / PAGE_SIZE);
  return (
    <div className="flex flex-col gap-2">
      {resentId !== null ? (
        <p role="status" className="text-sm text-emerald-800">
          {t('transactions.info.emailResent')}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2" data-testid="email-history">
        {history.items.map((mail) => (
          <li
            key={mail.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 px-3 py-2 text-sm"
            data-testid="email-entry"
          >
            <div>
              <div className="font-medium text-slate-900">{mail.subject}</div>
              <div className="text-slate-700">
                {t('transactions.info.emailTo', { recipient: mail.recipient })} · <time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt)}</time> ·{' '}
                {mail.status}
              </div>
            </div>
            {mayResend ? (
              <MutationButton
                className="rounded border border-slate-400 px-3 py-1 text-sm disabled:opacity-50"
                pending={resend.pending}
                onClick={() => resend.act(mail.id)}
                aria-label={t('transactions.info.resendNamed', { subject: mail.subject })}
              >
                {t('transactions.info.resend')}
              </MutationButton>
            ) : null}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 disabled:opacity-50"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            {t('transactions.info.previous')}
          </button>
          <span>{t('transactions.info.pageOf', { page: page + 1, pages })}</span>
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 disabled:opacity-50"
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('transactions.info.next')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
