import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MerchantGroupListItem } from '../../../contract/merchant-groups';
import { MERCHANT_WIZARD_STATUS, MERCHANT_WIZARD_STEPS } from '../../../contract/settings/merchant-wizard';
import type { GroupMerchant } from '../../../contract/merchants';
import { MERCHANT_PAGES } from '../../../contract/settings/pages';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { inputClass } from '../../components/form/field';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { PROPERTY_STATUS_TONES } from '../../lib/status-tones';
import { useActionMutation } from '../../lib/use-action-mutation';
import { detailedMerchantsQuery, groupMerchantsQuery, merchantKeys, merchantWizardQuery, setMerchantActive } from './api';
import { OnboardingStatusBadge } from './onboarding-status-badge';
import { StatusChange } from './status-change';
import { useOpeningDoubleClick } from '../../components/opening-double-click/opening-double-click';

/** A merchant group opened from the list: its properties (deactivate, reactivate) and its settings pages. */
export function GroupDialog({ group, onClose }: { group: MerchantGroupListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const merchants = useQuery(groupMerchantsQuery(group.merchantGroupId));
  // The statuses each merchant may move to now (GET /merchants/detailed), for "Change status".
  const detailed = useQuery(detailedMerchantsQuery(group.merchantGroupId));
  const [changing, setChanging] = useState<GroupMerchant | null>(null);
  const openingClick = useOpeningDoubleClick(true);
  return (
    <Dialog open onClose={openingClick.closeUnlessOpening(onClose)} className="relative z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4" onMouseDown={openingClick.onMouseDown}>
        <DialogPanel className="max-h-[90vh] w-full max-w-3xl overflow-auto rounded bg-white p-5 shadow-xl" data-testid="group-dialog">
          <div className="flex items-start justify-between gap-3">
            <DialogTitle className="text-lg font-semibold text-slate-900">{group.name}</DialogTitle>
            <OnboardingStatusBadge status={group.status} />
          </div>
          {group.status === MERCHANT_WIZARD_STATUS ? <WizardEntry merchantGroupId={group.merchantGroupId} /> : null}
          <h3 className="mt-4 text-sm font-semibold text-slate-800">
            {t('merchants.group.properties', { count: group.propertiesCount >= 0 ? group.propertiesCount : (merchants.data?.length ?? 0) })}
          </h3>
          {merchants.isError ? <p role="alert">{merchants.error.message}</p> : null}
          {merchants.data && merchants.data.length === 0 ? <p className="text-sm text-slate-700">{t('merchants.group.noProperties')}</p> : null}
          {merchants.data && merchants.data.length > 0 ? (
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">{t('merchants.group.properties', { count: merchants.data.length })}</caption>
              <thead>
                <tr className="text-left text-slate-700">
                  <th className="py-1">{t('merchants.group.propertyName')}</th>
                  <th className="py-1">{t('merchants.group.propertyStatus')}</th>
                  <th className="py-1">{t('merchants.group.currency')}</th>
                  <th className="py-1">
                    <span className="sr-only">{t('merchants.group.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {merchants.data.map((merchant) => (
                  <tr key={merchant.merchantId} className="border-t border-slate-100">
                    <td className="py-1.5">{merchant.name}</td>
                    <td className="py-1.5">
                      <StatusBadge tone={PROPERTY_STATUS_TONES[merchant.status]}>{t(`merchants.propertyStatus.${merchant.status}`)}</StatusBadge>
                    </td>
                    <td className="py-1.5">{merchant.currency}</td>
                    <td className="flex justify-end gap-2 py-1.5">
                      {detailed.data?.find((entry) => entry.merchantId === merchant.merchantId) ? (
                        <StatusChange merchant={detailed.data.find((entry) => entry.merchantId === merchant.merchantId)!} />
                      ) : null}
                      <button type="button" className="rounded border border-slate-300 px-2 py-1 text-xs" onClick={() => setChanging(merchant)}>
                        {merchant.status === 'Inactive'
                          ? t('merchants.group.reactivate', { name: merchant.name })
                          : t('merchants.group.deactivate', { name: merchant.name })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <h3 className="mt-5 text-sm font-semibold text-slate-800">{t('merchants.group.pages')}</h3>
          <nav aria-label={t('merchants.group.pages')}>
            <ul className="mt-1 flex flex-wrap gap-2">
              {MERCHANT_PAGES.map((page) => (
                <li key={page}>
                  <Link
                    href={`/merchants/${page}?merchantGroupId=${group.merchantGroupId}`}
                    className="inline-block rounded border border-slate-300 px-2 py-1 text-xs text-brand underline"
                  >
                    {t(`shell.routes.merchantPages.${page}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-5 flex justify-end">
            <button type="button" onClick={onClose} className="rounded border border-slate-300 px-3 py-1.5 text-sm">
              {t('merchants.group.close')}
            </button>
          </div>
        </DialogPanel>
      </div>
      {changing ? <ActivationConfirm merchant={changing} groupId={group.merchantGroupId} onDone={() => setChanging(null)} /> : null}
    </Dialog>
  );
}

/**
 * An Active group whose merchant wizard is not finished: the way into it (spec 2 "Merchants", isOnboarding=true).
 * The wizard itself resumes at the first step not saved yet.
 */
function WizardEntry({ merchantGroupId }: { merchantGroupId: string }) {
  const { t } = useTranslation();
  const wizard = useQuery(merchantWizardQuery(merchantGroupId));
  if (!wizard.data || wizard.data.completedAt) return null;
  const saved = wizard.data.steps.filter((step) => step.saved).length;
  // Continue where the group left off: the wizard opens the step whose address it is given.
  const firstOpen = wizard.data.steps.find((step) => !step.saved)?.step ?? MERCHANT_WIZARD_STEPS[0];
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded border border-brand/40 bg-brand/5 p-3" data-testid="merchant-wizard-entry">
      <p className="text-sm text-slate-800">
        {saved === 0 ? t('merchants.wizardEntry.notStarted') : t('merchants.wizardEntry.inProgress', { saved, total: wizard.data.steps.length })}
      </p>
      <Link
        href={`/merchants/${firstOpen}?merchantGroupId=${merchantGroupId}&isOnboarding=true`}
        className="rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white"
      >
        {saved === 0 ? t('merchants.wizardEntry.start') : t('merchants.wizardEntry.continue')}
      </Link>
    </div>
  );
}

/** Deactivating or reactivating asks first, with an optional reason that the audit log keeps. */
function ActivationConfirm({ merchant, groupId, onDone }: { merchant: GroupMerchant; groupId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reactivating = merchant.status === 'Inactive';
  const mutation = useActionMutation({
    mutationFn: () => setMerchantActive(merchant.merchantId, reactivating, reason),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: merchantKeys.groupMerchants(groupId) });
      await queryClient.invalidateQueries({ queryKey: merchantKeys.detailed(groupId) });
      onDone();
    },
    meta: { errorToast: false },
  });
  const verb = reactivating ? 'reactivate' : 'deactivate';
  return (
    <ConfirmDialog
      open
      title={t(`merchants.confirm.${verb}Title`, { name: merchant.name })}
      confirmLabel={t(`merchants.confirm.${verb}`)}
      tone={reactivating ? 'primary' : 'danger'}
      pending={mutation.pending}
      error={mutation.error?.message ?? null}
      onConfirm={() => mutation.act()}
      onCancel={onDone}
    >
      <p>{t(`merchants.confirm.${verb}Body`, { name: merchant.name })}</p>
      <label className="mt-3 flex flex-col gap-1 text-sm">
        {t('merchants.confirm.reason')}
        <input className={inputClass} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
