import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutEndpoints, type PayoutRow } from '../../../contract/payouts';
import { FormDialog } from '../../components/form/form-dialog';
import { inputClass } from '../../components/form/field';
import { call } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { payoutKeys, requestablePropertiesQuery } from './api';

const { previewPayoutRequest, requestPayout } = payoutEndpoints;

/** The last day a payout asked for today covers: yesterday, UTC (decision 0704). */
function yesterdayUtc(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}

export interface PickedPayoutProperty {
  merchantId: string;
  name: string;
}

/**
 * "Request payout" (decision 0704): a property paid "Manually" is paid when someone asks. The user picks the property
 * (the list's own property filter, when it names one, is picked already); the server says what a request would pay
 * now, amount and period, or why it would pay nothing, before the user confirms. The request is one intent with one
 * idempotency key, so a double click or a second tab makes one payout.
 */
export function RequestPayoutDialog(props: { picked: PickedPayoutProperty | null; onClose: () => void; onShow: (property: PickedPayoutProperty) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [property, setProperty] = useState<PickedPayoutProperty | null>(props.picked);
  const [unpicked, setUnpicked] = useState(false);
  const searchId = useId();
  const selectId = useId();
  // Only the properties paid "Manually" (decision 0707): the server says which, as the payout run reads their settings.
  const found = useQuery(requestablePropertiesQuery(search));
  const merchantId = property?.merchantId ?? '';
  const due = useQuery({
    queryKey: payoutKeys.due(merchantId),
    queryFn: ({ signal }) => call(previewPayoutRequest, { query: { merchantId }, signal }),
    enabled: merchantId !== '',
    retry: false,
    staleTime: 0,
    // The dialog says why nothing would be paid; no toast besides.
    meta: { errorToast: false },
  });
  const request = useActionMutation({
    mutationFn: (asked: string, idempotencyKey: string) => call(requestPayout, { body: { merchantId: asked }, idempotencyKey }),
    meta: { errorToast: false },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.searches }),
    onSettled: (_answer, _error, input) => void queryClient.invalidateQueries({ queryKey: payoutKeys.due(input.variables) }),
  });
  const through = formatDate(yesterdayUtc());

  if (request.data) {
    const made: PayoutRow[] = request.data.payouts;
    return (
      <FormDialog
        open
        title={t('payouts.request.doneTitle')}
        confirmLabel={t('payouts.request.show')}
        cancelLabel={t('common.close')}
        onConfirm={() => property && props.onShow(property)}
        onCancel={props.onClose}
        testId="request-payout-dialog"
      >
        <ul role="status" className="flex flex-col gap-1" data-testid="payout-requested">
          {made.map((payout) => (
            <li key={payout.id}>
              {t('payouts.request.done', {
                reference: payout.reference,
                amount: formatMoney(payout.amountMinor, payout.currency),
                property: payout.merchantName,
                from: formatDate(payout.periodStart),
                to: formatDate(payout.periodEnd),
              })}
            </li>
          ))}
        </ul>
      </FormDialog>
    );
  }

  // A refused read keeps its last answer (from before the payout was made): only a current answer is shown.
  const answer = due.isError ? [] : (due.data?.due ?? []);
  const single = answer.length === 1 ? answer[0] : undefined;
  const options = found.data?.items ?? [];
  const listed = property && !options.some((option) => option.merchantId === property.merchantId) ? [property, ...options] : options;
  return (
    <FormDialog
      open
      title={t('payouts.request.title')}
      description={t('payouts.request.intro', { date: through })}
      confirmLabel={single ? t('payouts.request.confirmAmount', { amount: formatMoney(single.amountMinor, single.currency) }) : t('payouts.request.confirm')}
      tone="danger"
      pending={request.pending}
      // The property's answer says why nothing would be paid: there is nothing to confirm until another is picked.
      confirmDisabled={due.isError}
      error={unpicked ? t('payouts.request.pickFirst') : (request.error?.message ?? null)}
      onConfirm={() => {
        if (property) request.act(property.merchantId);
        else setUnpicked(true);
      }}
      onCancel={props.onClose}
      size="lg"
      testId="request-payout-dialog"
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId}>{t('payouts.request.search')}</label>
          <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} autoComplete="off" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId}>{t('payouts.request.property')}</label>
          <select
            id={selectId}
            value={merchantId}
            className={inputClass}
            disabled={request.pending}
            onChange={(event) => {
              const chosen = listed.find((option) => option.merchantId === event.target.value);
              setProperty(chosen ? { merchantId: chosen.merchantId, name: chosen.name } : null);
              setUnpicked(false);
              request.reset();
            }}
          >
            <option value="">{t('payouts.request.choose')}</option>
            {listed.map((option) => (
              <option key={option.merchantId} value={option.merchantId}>
                {option.name}
              </option>
            ))}
          </select>
          <p className="text-slate-600">
            {found.data && found.data.total > options.length
              ? t('payouts.request.more', { shown: options.length, total: found.data.total })
              : t('payouts.request.onlyManual')}
          </p>
        </div>
        {property ? (
          <div role="status" data-testid="payout-due" className="rounded border border-slate-200 bg-slate-50 p-3">
            {due.isPending ? <p>{t('payouts.request.working')}</p> : null}
            {due.isError ? <p>{due.error.message}</p> : null}
            {answer.map((payout) => (
              <p key={payout.currency}>
                {t('payouts.request.due', {
                  amount: formatMoney(payout.amountMinor, payout.currency),
                  property: payout.merchantName,
                  from: formatDate(payout.periodStart),
                  to: formatDate(payout.periodEnd),
                })}
              </p>
            ))}
          </div>
        ) : null}
      </div>
    </FormDialog>
  );
}
