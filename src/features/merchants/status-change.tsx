import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailedMerchant } from '../../../contract/merchants';
import type { PropertyStatus } from '../../../contract/properties';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { inputClass } from '../../components/form/field';
import { useActionMutation } from '../../lib/use-action-mutation';
import { changeMerchantStatus, merchantKeys } from './api';

/**
 * "Change status" of a merchant (spec 4 "merchant status change", PUT /merchants/status; decision 0294): only the
 * statuses the server says the lifecycle allows now are offered, the change is confirmed with a reason the audit
 * log keeps, and a refusal is shown in the dialog in the server's words.
 */
export function StatusChange({ merchant }: { merchant: DetailedMerchant }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (merchant.allowedStatuses.length === 0) return null;
  return (
    <>
      <button type="button" className="rounded border border-slate-300 px-2 py-1 text-xs" onClick={() => setOpen(true)}>
        {t('merchants.statusChange.open', { name: merchant.name })}
      </button>
      {open ? <StatusChangeDialog merchant={merchant} onDone={() => setOpen(false)} /> : null}
    </>
  );
}

function StatusChangeDialog({ merchant, onDone }: { merchant: DetailedMerchant; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PropertyStatus>(merchant.allowedStatuses[0]!);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const mutation = useActionMutation({
    mutationFn: () => changeMerchantStatus({ merchantId: merchant.merchantId, status, reason: reason.trim() }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantKeys.detailed(merchant.merchantGroupId) }),
        queryClient.invalidateQueries({ queryKey: merchantKeys.groupMerchants(merchant.merchantGroupId) }),
      ]);
      onDone();
    },
    meta: { errorToast: false },
  });
  return (
    <ConfirmDialog
      open
      title={t('merchants.statusChange.title', { name: merchant.name })}
      confirmLabel={t('merchants.statusChange.confirm')}
      tone="danger"
      pending={mutation.pending}
      error={mutation.error?.message ?? null}
      onConfirm={() => {
        if (reason.trim().length < 3) return setMissingReason(true);
        mutation.act();
      }}
      onCancel={onDone}
    >
      <p>{t('merchants.statusChange.body', { name: merchant.name, status: t(`merchants.propertyStatus.${merchant.status}`) })}</p>
      <label className="mt-3 flex flex-col gap-1 text-sm">
        {t('merchants.statusChange.newStatus')}
        <select className={inputClass} value={status} onChange={(event) => setStatus(event.target.value as PropertyStatus)}>
          {merchant.allowedStatuses.map((option) => (
            <option key={option} value={option}>
              {t(`merchants.propertyStatus.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="mt-3 flex flex-col gap-1 text-sm">
        {t('merchants.statusChange.reason')}
        <input
          className={inputClass}
          value={reason}
          maxLength={500}
          aria-invalid={missingReason}
          onChange={(event) => (setReason(event.target.value), setMissingReason(false))}
        />
      </label>
      {missingReason ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {t('merchants.validation.reason')}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
