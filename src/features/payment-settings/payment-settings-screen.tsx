import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MerchantConfig } from '../../../contract/payment-settings';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useActionMutation } from '../../lib/use-action-mutation';
import { inputClass } from '../../components/form/field';
import { deletePaymentSettings, paymentSettingsPageQuery, paymentSettingsKeys } from './api';
import { SidewaysScroll } from '../../components/sideways-scroll/sideways-scroll';

export function editHref(config: Pick<MerchantConfig, 'merchantGroupId' | 'merchantId'>): string {
  return `/payment-settings/edit-payment-settings?merchantGroupId=${encodeURIComponent(config.merchantGroupId)}&merchantId=${encodeURIComponent(config.merchantId)}`;
}

/** How many properties a page of the list shows. */
const PAGE_SIZE = 25;

/**
 * /payment-settings (spec 2): the payment settings of every property the user may see, own or inherited from the group,
 * a page at a time and found by name (decision 0715): a provider has thousands of properties.
 */
export function PaymentSettingsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const answer = useQuery(paymentSettingsPageQuery(search, page, PAGE_SIZE + 1));
  const configs = { ...answer, data: answer.data?.slice(0, PAGE_SIZE) };
  const hasNext = (answer.data?.length ?? 0) > PAGE_SIZE;
  // While the next page is on its way the buttons wait: a double click on "Next page" turns one page, not two.
  const turning = answer.isPlaceholderData;
  const [deleting, setDeleting] = useState<MerchantConfig | null>(null);
  return (
    <PageLayout
      title={t('shell.routes.paymentSettings')}
      actions={
        <Link href="/payment-settings/add-payment-settings" className="rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white">
          {t('paymentSettings.addTitle')}
        </Link>
      }
    >
      <label className="mb-3 flex max-w-md flex-col gap-1 text-sm">
        {t('paymentSettings.find')}
        <input
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          className={inputClass}
          autoComplete="off"
        />
      </label>
      {answer.isError ? <p role="alert">{answer.error.message}</p> : null}
      {answer.isPending ? <p role="status">{t('paymentSettings.loading')}</p> : null}
      {configs.data && configs.data.length === 0 && search.trim() ? <p role="status">{t('paymentSettings.noMatch')}</p> : null}
      {configs.data ? (
        <SidewaysScroll className="rounded border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('shell.routes.paymentSettings')}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th className="px-3 py-2">{t('paymentSettings.columns.property')}</th>
                <th className="px-3 py-2">{t('paymentSettings.columns.group')}</th>
                <th className="px-3 py-2">{t('paymentSettings.columns.source')}</th>
                <th className="px-3 py-2">{t('paymentSettings.columns.paymentTypes')}</th>
                <th className="px-3 py-2">{t('paymentSettings.columns.deposit')}</th>
                <th className="px-3 py-2">
                  <span className="sr-only">{t('paymentSettings.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {configs.data.map((config) => (
                <tr key={config.merchantId} className="border-t border-slate-100">
                  <td className="px-3 py-2">{config.merchantName}</td>
                  <td className="px-3 py-2">{config.groupName}</td>
                  <td className="px-3 py-2">{t(config.hasOwnSettings ? 'paymentSettings.source.own' : 'paymentSettings.source.group')}</td>
                  <td className="px-3 py-2">{config.settings.paymentTypes.map((type) => t(`paymentSettings.options.paymentTypes.${type}`)).join(', ')}</td>
                  <td className="px-3 py-2">
                    {config.settings.depositBasis === 'DepositAmount'
                      ? t('paymentSettings.depositPercent', { percentage: config.settings.depositPercentage })
                      : t(`paymentSettings.options.depositBasis.${config.settings.depositBasis}`)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link href={editHref(config)} className="text-brand underline" aria-label={t('paymentSettings.editOf', { name: config.merchantName })}>
                      {t('paymentSettings.edit')}
                    </Link>
                    {config.hasOwnSettings ? (
                      <button
                        type="button"
                        className="ml-3 text-red-800 underline"
                        aria-label={t('paymentSettings.deleteOf', { name: config.merchantName })}
                        onClick={() => setDeleting(config)}
                      >
                        {t('paymentSettings.delete')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      ) : null}
      {page > 0 || hasNext ? (
        <nav aria-label={t('paymentSettings.pageOf', { page: page + 1 })} className="mt-3 flex items-center gap-3 text-sm">
          <button
            type="button"
            className="underline disabled:no-underline disabled:opacity-50"
            disabled={page === 0 || turning}
            onClick={() => setPage(page - 1)}
          >
            {t('paymentSettings.previousPage')}
          </button>
          <span>{t('paymentSettings.pageOf', { page: page + 1 })}</span>
          <button
            type="button"
            className="underline disabled:no-underline disabled:opacity-50"
            disabled={!hasNext || turning}
            onClick={() => setPage(page + 1)}
          >
            {t('paymentSettings.nextPage')}
          </button>
        </nav>
      ) : null}
      {deleting ? <DeleteConfirm config={deleting} onDone={() => setDeleting(null)} /> : null}
    </PageLayout>
  );
}

function DeleteConfirm({ config, onDone }: { config: MerchantConfig; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useActionMutation({
    mutationFn: () => deletePaymentSettings(config.merchantId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.all });
      onDone();
    },
    meta: { errorToast: false },
  });
  return (
    <ConfirmDialog
      open
      title={t('paymentSettings.deleteTitle', { name: config.merchantName })}
      confirmLabel={t('paymentSettings.delete')}
      tone="danger"
      pending={mutation.pending}
      error={mutation.error?.message ?? null}
      onConfirm={() => mutation.act()}
      onCancel={onDone}
    >
      <p>{t('paymentSettings.deleteBody', { name: config.merchantName, group: config.groupName })}</p>
    </ConfirmDialog>
  );
}
