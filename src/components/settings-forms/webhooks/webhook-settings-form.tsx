import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeText } from '../../../../contract/text';
import { WEBHOOK_URL_MAX_LENGTH, webhookUrlIssue, type WebhookSecretAnswer, type WebhookSettingsAnswer } from '../../../../contract/webhooks';
import { ResponseError } from '../../../lib/failure-message';
import { formatDateTime } from '../../../lib/format';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { ConfirmDialog } from '../../confirm-dialog/confirm-dialog';
import { Field, inputClass } from '../../form/field';
import { MutationButton } from '../../mutation-button';
import type { SettingsFormProps } from '../settings-form-props';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookSecretNotice } from './webhook-secret-notice';
import { rotateSecret, saveWebhooks, sendTestEvent, webhookKeys, webhookSettingsQuery } from './webhooks-api';
import { SettingsFormFooter } from '../settings-form-footer';
import { useReportDirty } from '../use-report-dirty';

// The "webhook-configuration" page of a merchant group or property (decisions 0281-0283): the two
// addresses, the signing secret (shown once, rotatable), a test event and the delivery log.

function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ResponseError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors;
  return errors ? Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? ''])) : null;
}

export function WebhookSettingsForm(props: SettingsFormProps) {
  const { t } = useTranslation();
  const answer = useQuery(webhookSettingsQuery(props.scope));
  // Outside the form: a save that returns the secret replaces the answer, and the secret must stay on screen.
  const [secret, setSecret] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A wizard step whose save created the secret moves on only once the user says it is stored: moving on
  // at once would take the only sight of it away (decision 0281: no answer carries it again).
  const [continueAfterSecret, setContinueAfterSecret] = useState(false);
  const dismissSecret = () => {
    setSecret(null);
    if (continueAfterSecret) {
      setContinueAfterSecret(false);
      props.onSaved?.();
    }
  };
  if (answer.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {answer.error.message}
      </p>
    );
  if (!answer.data) return <p className="text-sm text-slate-600">{t('integrations.common.loading')}</p>;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <p className="text-sm text-slate-700">{t('integrations.webhooks.intro')}</p>
      {secret ? <WebhookSecretNotice secret={secret} onDismiss={dismissSecret} /> : null}
      <AddressForm
        key={answer.data.settings?.updatedAt ?? 'none'}
        {...props}
        answer={answer.data}
        onSecret={(created) => {
          setSecret(created);
          if (props.onSaved) setContinueAfterSecret(true);
        }}
        saved={saved}
        setSaved={setSaved}
      />
      <SecretSection {...props} answer={answer.data} onSecret={setSecret} />
      {answer.data.settings || answer.data.inherited ? <WebhookDeliveryLog scope={props.scope} /> : null}
    </div>
  );
}

/** What the form says about an address the server would refuse, as an i18n key: the exact problem, not a general hint. */
function addressError(value: string): { key: string; values?: Record<string, number> } | undefined {
  if (!isSafeText(value)) return { key: 'integrations.webhooks.errors.unsafeText' };
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return { key: 'integrations.webhooks.errors.tooLong', values: { max: WEBHOOK_URL_MAX_LENGTH } };
  const issue = webhookUrlIssue(value);
  return issue ? { key: `integrations.webhooks.errors.${issue}` } : undefined;
}

interface PartProps extends SettingsFormProps {
  answer: WebhookSettingsAnswer;
  onSecret: (secret: string) => void;
}

function AddressForm({
  scope,
  onboarding,
  finishLabel,
  onSaved,
  onDirtyChange,
  answer,
  onSecret,
  saved,
  setSaved,
}: PartProps & { saved: boolean; setSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = answer.settings;
  const [url, setUrl] = useState(current?.url ?? '');
  const [payLaterUrl, setPayLaterUrl] = useState(current?.payLaterUrl ?? '');
  useReportDirty(url !== (current?.url ?? '') || payLaterUrl !== (current?.payLaterUrl ?? ''), onDirtyChange);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useActionMutation({
    mutationFn: () => saveWebhooks({ scope, url: url.trim(), payLaterUrl: payLaterUrl.trim() }),
    meta: { errorToast: false },
    onSuccess: (next: WebhookSecretAnswer) => {
      setSaved(true);
      queryClient.setQueryData(webhookKeys.settings(scope), { settings: next.settings, inherited: next.inherited });
      // A new secret is shown first; the wizard moves on when the user has stored it.
      if (next.secret) onSecret(next.secret);
      else onSaved?.();
    },
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const urlError = addressError(url.trim());
    const payLaterError = payLaterUrl.trim() ? addressError(payLaterUrl.trim()) : undefined;
    if (urlError) found.url = t(urlError.key, urlError.values);
    if (payLaterError) found.payLaterUrl = t(payLaterError.key, payLaterError.values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.act();
  };
  const failure = save.error && !serverFieldErrors(save.error) ? save.error.message : null;
  const edit = (set: (value: string) => void) => (value: string) => {
    setSaved(false);
    set(value);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="webhook-settings-form" aria-label={t('integrations.webhooks.title')}>
      {!current && answer.inherited ? (
        <p role="note" className="rounded bg-slate-100 p-2 text-sm text-slate-800">
          {t('integrations.webhooks.inherited', { url: answer.inherited.url })}
        </p>
      ) : null}
      <Field label={t('integrations.webhooks.url')} required error={errors.url}>
        {(control) => <input {...control} name="url" type="url" className={inputClass} value={url} onChange={(event) => edit(setUrl)(event.target.value)} />}
      </Field>
      <Field label={t('integrations.webhooks.payLaterUrl')} description={t('integrations.webhooks.payLaterHint')} error={errors.payLaterUrl}>
        {(control) => (
          <input
            {...control}
            name="payLaterUrl"
            type="url"
            className={inputClass}
            value={payLaterUrl}
            onChange={(event) => edit(setPayLaterUrl)(event.target.value)}
          />
        )}
      </Field>
      <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
    </form>
  );
}

function SecretSection({ scope, answer, onSecret }: PartProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const rotate = useActionMutation({
    mutationFn: () => rotateSecret(scope),
    meta: { errorToast: false },
    onSuccess: (next: WebhookSecretAnswer) => {
      setConfirming(false);
      if (next.secret) onSecret(next.secret);
      queryClient.setQueryData(webhookKeys.settings(scope), { settings: next.settings, inherited: next.inherited });
    },
  });
  const test = useActionMutation({
    mutationFn: () => sendTestEvent(scope),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(scope) }),
  });
  const settings = answer.settings;
  return (
    <section aria-labelledby="webhook-secret-title" className="flex flex-col gap-2 rounded border border-slate-300 p-4">
      <h3 id="webhook-secret-title" className="font-medium text-slate-900">
        {t('integrations.webhooks.secret.title')}
      </h3>
      <p className="text-sm text-slate-700" data-testid="webhook-secret-hint">
        {settings
          ? t('integrations.webhooks.secret.hint', { hint: settings.secretHint, created: formatDateTime(settings.secretCreatedAt) })
          : t('integrations.webhooks.secret.none')}
      </p>
      {settings?.previousSecretHint && settings.previousSecretValidUntil ? (
        <p className="text-sm text-amber-900" data-testid="webhook-previous-secret">
          {t('integrations.webhooks.secret.previous', { hint: settings.previousSecretHint, until: formatDateTime(settings.previousSecretValidUntil) })}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">{t('integrations.webhooks.secret.verify')}</p>
      <div className="flex flex-wrap items-center gap-3">
        {settings ? (
          <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => setConfirming(true)}>
            {t('integrations.webhooks.secret.rotate')}
          </button>
        ) : null}
        {settings || answer.inherited ? (
          <MutationButton
            pending={test.pending}
            pendingLabel={t('integrations.webhooks.test.sending')}
            onClick={() => test.act()}
            className="rounded border border-brand px-3 py-1.5 text-sm font-medium text-brand hover:bg-brand/10"
          >
            {t('integrations.webhooks.test.send')}
          </MutationButton>
        ) : null}
        {test.isSuccess ? (
          <p role="status" className="text-sm text-green-800">
            {t('integrations.webhooks.test.queued')}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('integrations.webhooks.secret.rotateTitle')}
        confirmLabel={t('integrations.webhooks.secret.rotate')}
        tone="danger"
        pending={rotate.pending}
        error={rotate.error?.message ?? null}
        onConfirm={() => rotate.act()}
        onCancel={() => setConfirming(false)}
      >
        {t('integrations.webhooks.secret.rotateBody')}
      </ConfirmDialog>
    </section>
  );
}
