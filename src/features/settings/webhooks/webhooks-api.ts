import { queryOptions } from '@tanstack/react-query';
import type { SettingsScope } from '../../../../contract/settings/scope';
import { webhookEndpoints, type WebhookSettingsInput } from '../../../../contract/webhooks';
import { call } from '../../../lib/api-client';

// The webhook page's calls (decisions 0281-0283).

const { searchWebhookSettings, saveWebhookSettings, rotateWebhookSecret, sendWebhookTestEvent, searchWebhookDeliveries } = webhookEndpoints;

export const webhookKeys = {
  settings: (scope: SettingsScope) => ['integrations', 'webhooks', 'settings', scope] as const,
  deliveries: (scope: SettingsScope) => ['integrations', 'webhooks', 'deliveries', scope] as const,
};

export const webhookSettingsQuery = (scope: SettingsScope) =>
  queryOptions({
    queryKey: webhookKeys.settings(scope),
    queryFn: ({ signal }) => call(searchWebhookSettings, { body: { scope }, signal }),
    meta: { errorToast: false },
  });

/** The newest deliveries; polled while one is still under way, so retries show up as they happen. */
export const webhookDeliveriesQuery = (scope: SettingsScope) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(scope),
    queryFn: ({ signal }) => call(searchWebhookDeliveries, { body: { scope, pagination: { page: 0, pageSize: 25 } }, signal }),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'Pending' || item.status === 'Delivering') ? 1000 : false),
    // The log says a failed read itself, first or again (decision 0722): a toast as well would say it twice.
    meta: { errorToast: false },
  });

/** `ifMatch`: the version of the settings the addresses were built from (decision 0354); someone else's newer save refuses it (412). */
export const saveWebhooks = (body: WebhookSettingsInput, ifMatch: string) => call(saveWebhookSettings, { body, ifMatch });
export const rotateSecret = (scope: SettingsScope) => call(rotateWebhookSecret, { body: { scope } });
export const sendTestEvent = (scope: SettingsScope) => call(sendWebhookTestEvent, { body: { scope } });
