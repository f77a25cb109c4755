import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SettingsScope } from '../../../../contract/settings/scope';
import { formatDateTime } from '../../../lib/format';
import { webhookDeliveriesQuery } from './webhooks-api';
import { LoadingStatus } from '../../../components/loading-status/loading-status';
import { neverAnswered } from '../../../components/form/read-failure';
import { SectionReadFailure } from '../../../components/section-read-failure/section-read-failure';
import { SidewaysScroll } from '../../../components/sideways-scroll/sideways-scroll';

/** The recent deliveries of the scope's events: event, time, status, attempts and the receiver's last answer. */
export function WebhookDeliveryLog({ scope }: { scope: SettingsScope }) {
  const { t } = useTranslation();
  const deliveries = useQuery(webhookDeliveriesQuery(scope));
  const items = deliveries.data?.items ?? [];
  return (
    <section aria-labelledby="webhook-log-title" className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <h3 id="webhook-log-title" className="font-medium text-slate-900">
          {t('integrations.webhooks.log.title')}
        </h3>
        <button type="button" className="text-sm text-brand underline underline-offset-2" onClick={() => void deliveries.refetch()}>
          {t('integrations.webhooks.log.refresh')}
        </button>
      </div>
      {/* A log that cannot be read says so, in its place or above the rows it read before: "no deliveries" would be untrue. */}
      <SectionReadFailure read={deliveries} never="integrations.webhooks.log.unreadable" again="integrations.webhooks.log.unreadableAgain" />
      {items.length === 0 && deliveries.isLoading ? (
        <LoadingStatus message={t('integrations.common.loading')} />
      ) : neverAnswered(deliveries) ? null : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('integrations.webhooks.log.empty')}</p>
      ) : (
        <SidewaysScroll>
          <table className="w-full text-left text-sm" data-testid="webhook-delivery-log">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th className="py-1 pr-3">{t('integrations.webhooks.log.event')}</th>
                <th className="py-1 pr-3">{t('integrations.webhooks.log.time')}</th>
                <th className="py-1 pr-3">{t('integrations.webhooks.log.status')}</th>
                <th className="py-1 pr-3">{t('integrations.webhooks.log.attempts')}</th>
                <th className="py-1">{t('integrations.webhooks.log.response')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((delivery) => (
                <tr key={delivery.id} data-delivery-status={delivery.status} className="border-b border-slate-200 align-top">
                  <td className="py-1 pr-3 font-mono text-xs">{delivery.eventType}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(delivery.createdAt)}</td>
                  <td className="py-1 pr-3">
                    {t(`integrations.webhooks.log.statuses.${delivery.status}`)}
                    {delivery.nextAttemptAt ? (
                      <span className="block text-xs text-slate-600">
                        {t('integrations.webhooks.log.nextAttempt', { at: formatDateTime(delivery.nextAttemptAt) })}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1 pr-3">{t('integrations.webhooks.log.attemptsOf', { attempts: delivery.attempts, max: delivery.maxAttempts })}</td>
                  <td className="py-1 font-mono text-xs break-all">
                    {delivery.lastResponseStatus !== null ? `${delivery.lastResponseStatus} ` : ''}
                    {delivery.lastResponse}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      )}
      {/* Why an older delivery is not listed: the server forgets finished ones after this long (decisions 0724, 0725).
          Said from the last answer read; nothing before one, nor when nothing is forgotten (null). */}
      {typeof deliveries.data?.keptForDays === 'number' ? (
        <p data-testid="kept-for" className="text-xs text-slate-600">
          {t('integrations.webhooks.log.keptFor', { count: deliveries.data.keptForDays })}
        </p>
      ) : null}
    </section>
  );
}
