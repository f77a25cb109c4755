import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PaymentLink } from '../../../contract/payment-links';
import { formatDateTime, formatMoney } from '../../lib/format';
import { previewAddress } from './preview-address';
import { QrCode } from '../../components/qr-code/qr-code';

/** The link just sent: its address to copy, its QR code, and the ways on (issue 15). */
export function CreatedLink({ link, onAnother }: { link: PaymentLink; onAnother: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(link.url);
    setCopied(true);
  };
  return (
    <section
      aria-label={t('paymentLinks.created.link')}
      className="flex flex-col gap-4 rounded border border-slate-300 bg-white p-4"
      data-testid="created-link"
    >
      <h2 className="text-lg font-semibold">{t('paymentLinks.created.title', { email: link.guestEmail })}</h2>
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
          </div>
          <p className="text-sm text-slate-700">{t('paymentLinks.created.expires', { date: formatDateTime(link.expiresAt) })}</p>
          <button type="button" onClick={onAnother} className="self-start text-sm text-brand underline">
            {t('paymentLinks.created.another')}
          </button>
        </div>
      </div>
    </section>
  );
}
