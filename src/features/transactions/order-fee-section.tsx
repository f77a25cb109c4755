import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feeEndpoints } from '../../../contract/fees';
import { call } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { DetailSection } from '../../components/detail-section/detail-section';

/** An order's fee and net amount under the merchant's fee schedule in force on the order's day (decision 0241). */
export function OrderFeeSection({ orderId }: { orderId: number | string }) {
  const { t } = useTranslation();
  const fee = useQuery({
    queryKey: ['fees', 'order', String(orderId)],
    queryFn: ({ signal }) => call(feeEndpoints.getOrderFee, { params: { id: String(orderId) }, signal }),
  });
  const title = t('fees.order.title');
  if (fee.isError) return <DetailSection title={title}>{<p className="text-sm text-slate-700">{fee.error.message}</p>}</DetailSection>;
  if (!fee.data) return <DetailSection title={title}>{<p className="text-sm text-slate-600">{t('fees.loading')}</p>}</DetailSection>;
  const answer = fee.data;
  if (answer.feeMinor === null || answer.netMinor === null || !answer.schedule)
    return (
      <DetailSection title={title}>
        {
          <p data-testid="order-fee-none" className="text-sm text-slate-700">
            {t('fees.order.none')}
          </p>
        }
      </DetailSection>
    );
  return (
    <DetailSection
      title={title}
      items={[
        { label: t('fees.order.fee'), value: formatMoney(answer.feeMinor, answer.currency), testId: 'order-fee' },
        { label: t('fees.order.net'), value: formatMoney(answer.netMinor, answer.currency), testId: 'order-net' },
        {
          label: t('fees.order.schedule'),
          value: t('fees.order.scheduleValue', { model: t(`fees.models.${answer.schedule.feeModel}`), from: formatDate(answer.schedule.validFrom) }),
        },
      ]}
    />
  );
}
