import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paymentLinkEndpoints, type PaymentLink } from '../../../contract/payment-links';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { MutationButton } from '../../components/mutation-button';
import { QrCode } from '../../components/qr-code/qr-code';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { call } from '../../lib/api-client';
import { useCapabilities } from '../../lib/capabilities';
import { formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { LINK_STATE_TONES } from '../../lib/status-tones';
import { useActionMutation } from '../../lib/use-action-mutation';
import { paymentLinkKeys } from './api';
import { previewAddress } from './preview-address';

/** The link sent: its address to copy, its QR code, its own state, cancel and re-send, and the ways on (issue 15, 34). */
export function CreatedLink({ link, onAnother }: { link: PaymentLink; onAnother: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // What the server lets this user do on the link's property (decision 0410); it decides again on the call.
  const capabilities = useCapabilities(link.merchantId);
  const state = link.staffState ?? 'Open';
  const updated = (words: string) => (answer: PaymentLink) => {
    queryClient.setQueryData(paymentLinkKeys.link(answer.id), answer);
    setConfirmingCancel(false);
    notify(words);
  };
  const resend = useActionMutation({
    mutationFn: (_: void, idempotencyKey: string) =>
      call(paymentLinkEndpoints.resendPaymentLink, { params: { id: link.id }, merchantId: link.merchantId, idempotencyKey }),
    onSuccess: updated(t('paymentLinks.created.resent', { email: link.guestEmail })),
  });
  const cancel = useActionMutation({
    mutationFn: (_: void, idempotencyKey: string) =>
      call(paymentLinkEndpoints.cancelPaymentLink, { params: { id: link.id }, merchantId: link.merchantId, idempotencyKey }),
    onSuccess: updated(t('paymentLinks.created.cancelled')),
  });
  const copy = async () => {
    await navigator.clipboard.writeText(link.url);
    setCopied(true);
  };
  const mayResend = state === 'Open' && capabilities.may(paymentLinkEndpoints.resendPaymentLink);
  const mayCancel = (state === 'Open' || state === 'Expired' || state === 'Locked') && capabilities.may(paymentLinkEndpoints.cancelPaymentLink);
  return (
    <section
      aria-label={t('paymentLinks.created.link')}
      className="flex flex-col gap-4 rounded border border-slate-300 bg-white p-4"
      data-testid="created-link"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t('paymentLinks.created.title', { email: link.guestEmail })}</h2>
        <StatusBadge tone={LINK_STATE_TONES[state]}>{t(`paymentLinks.linkState.${state}`)}</StatusBadge>
      </div>
      <p>
        {formatMoney(link.amountMinor, link.currency)} · {t(`paymentLinks.paymentType.${link.paymentType}`)} · {link.bookingReference}
      </p>
      <div className="flex flex-wrap items-start gap-6">
        <QrCode text={link.url} label={t('paymentLinks.created.qr')} testId="payment-link-qr" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label className="text-sm font-medium" htmlFor="payment-link-url">
            {t('paymentLinks.created.link')}
          </label>
          <input
            id="payment-link-url"
            readOnly
            value={link.url}
            className="w-full rounded border border-slate-400 px-3 py-1.5 font-mono text-sm"
            onFocus={(e) => e.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void copy()} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
              {copied ? t('paymentLinks.created.copied') : t('paymentLinks.created.copy')}
            </button>
            <Link href={previewAddress(link)} className="rounded border border-slate-400 px-3 py-1.5 text-sm">
              {t('paymentLinks.created.preview')}
            </Link>
            <Link
              href={`/transactions/transaction-info?transactionId=${link.orderId}&merchantId=${encodeURIComponent(link.merchantId)}`}
              className="rounded border border-slate-400 px-3 py-1.5 text-sm"
            >
              {t('paymentLinks.created.openOrder', { id: link.orderId })}
            </Link>
            {mayResend ? (
              <MutationButton
                type="button"
                pending={resend.pending}
                pendingLabel={t('paymentLinks.created.resending')}
                onClick={() => resend.act()}
                className="rounded border border-slate-400 px-3 py-1.5 text-sm"
              >
                {t('paymentLinks.created.resend')}
              </MutationButton>
            ) : null}
            {mayCancel ? (
              <button type="button" onClick={() => setConfirmingCancel(true)} className="rounded border border-red-300 px-3 py-1.5 text-sm text-red-800">
                {t('paymentLinks.created.cancel')}
              </button>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">{t('paymentLinks.created.expires', { date: formatDateTime(link.expiresAt) })}</p>
          <button type="button" onClick={onAnother} className="self-start text-sm text-brand underline">
            {t('paymentLinks.created.another')}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title={t('paymentLinks.created.cancelTitle')}
        confirmLabel={t('paymentLinks.created.cancel')}
        cancelLabel={t('paymentLinks.created.keep')}
        pending={cancel.pending}
        onConfirm={() => cancel.act()}
        onCancel={() => setConfirmingCancel(false)}
      >
        {t('paymentLinks.created.cancelQuestion', { email: link.guestEmail })}
      </ConfirmDialog>
    </section>
  );
}
