import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isSafeText } from '../../../../contract/text';
import { WEBHOOK_URL_MAX_LENGTH, webhookUrlIssue, type WebhookSecretAnswer, type WebhookSettingsAnswer } from '../../../../contract/webhooks';
import { isChangedSince } from '../../../lib/failure-message';
import { formatDateTime } from '../../../lib/format';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../../components/form/button';
import { Field, inputClass } from '../../../components/form/field';
import { fieldErrorsOf } from '../../../components/form/problem-errors';
import { useForm } from '../../../components/form/use-form';
import { useHeldAnswer, type HeldAnswer } from '../../../components/form/use-held-answer';
import { useReportDirty } from '../../../components/form/use-report-dirty';
import { ChangedSinceNotice } from '../../../components/changed-since/changed-since-notice';
import type { SettingsFormProps } from '../settings-form-props';
import { addressesVersion } from './addresses-version';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookSecretNotice } from './webhook-secret-notice';
import { rotateSecret, saveWebhooks, sendTestEvent, webhookKeys, webhookSettingsQuery } from './webhooks-api';
import { SettingsFormFooter } from '../settings-form-footer';
import { neverAnswered, ReadFailure } from '../../../components/form/read-failure';
import { LoadingStatus } from '../../../components/loading-status/loading-status';

// The "webhook-configuration" page of a merchant group or property (decisions 0281-0283): the two
// addresses, the signing secret (shown once, rotatable), a test event and the delivery log.

export function WebhookSettingsForm(props: SettingsFormProps) {
  const { t } = useTranslation();
  const answer = useQuery(webhookSettingsQuery(props.scope));
  // The addresses start from the answer they were built from, kept while they hold typing (decision 0680). Told
  // apart by the addresses' version (decision 0683): a rotated secret is a new answer the addresses need not follow.
  const held = useHeldAnswer(JSON.stringify(props.scope), answer.data, addressesVersion);
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
  if (neverAnswered(answer)) return <ReadFailure read={answer} />;
  if (!answer.data || !held.answer) return <LoadingStatus message={t('integrations.common.loading')} />;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ReadFailure read={answer} />
      <p className="text-sm text-slate-700">{t('integrations.webhooks.intro')}</p>
      {secret ? <WebhookSecretNotice secret={secret} onDismiss={dismissSecret} /> : null}
      <AddressForm
        key={held.key}
        {...props}
        answer={held.answer}
        held={held}
        version={addressesVersion(held.answer)}
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

/** The two addresses, trimmed, each refused with the exact problem the server would name (in the screen's words). */
function addressesSchema(t: TFunction) {
  const address = (optional: boolean) =>
    z
      .string()
      .transform((value) => value.trim())
      .superRefine((value, context) => {
        if (optional && value === '') return;
        const error = addressError(value);
        if (error) context.addIssue({ code: 'custom', message: t(error.key, error.values) });
      });
  return z.object({ url: address(false), payLaterUrl: address(true) });
}

function AddressForm({
  scope,
  onboarding,
  finishLabel,
  onSaved,
  onDirtyChange,
  answer,
  onSecret,
  held,
  version,
  saved,
  setSaved,
}: PartProps & { held: HeldAnswer<WebhookSettingsAnswer>; version: string; saved: boolean; setSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = answer.settings;
  const save = useActionMutation({
    mutationFn: (addresses: { url: string; payLaterUrl: string }) => saveWebhooks({ scope, ...addresses }, version),
    meta: { errorToast: false },
    onSuccess: (next: WebhookSecretAnswer) => {
      setSaved(true);
      queryClient.setQueryData(webhookKeys.settings(scope), { settings: next.settings, inherited: next.inherited });
      // The saved addresses start the inputs over, though they still hold the typing just saved.
      held.startOver();
      // A new secret is shown first; the wizard moves on when the user has stored it.
      if (next.secret) onSecret(next.secret);
      else onSaved?.();
    },
  });
  const schema = useMemo(() => addressesSchema(t), [t]);
  const form = useForm({ schema, defaultValues: { url: current?.url ?? '', payLaterUrl: current?.payLaterUrl ?? '' }, serverError: save.error });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  useReportDirty(form.formState.isDirty, held.onDirtyChange);
  // The newest answer, then the inputs built from it: the typing goes, as the user asked.
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: webhookKeys.settings(scope) });
    held.startOver();
  };
  // Someone saved these settings after the form read them: nothing was written (decision 0354).
  const stale = isChangedSince(save.error);
  const failure = save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && !stale ? save.error.message : null;
  const unsaved = { onChange: () => setSaved(false) };
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.submit((addresses) => save.send(addresses))}
        className="flex flex-col gap-4"
        data-testid="webhook-settings-form"
        aria-label={t('integrations.webhooks.title')}
      >
        {!current && answer.inherited ? (
          <p role="note" className="rounded bg-slate-100 p-2 text-sm text-slate-800">
            {t('integrations.webhooks.inherited', { url: answer.inherited.url })}
          </p>
        ) : null}
        <Field label={t('integrations.webhooks.url')} required name="url">
          {(control) => <input {...control} type="url" className={inputClass} {...form.register('url', unsaved)} />}
        </Field>
        <Field label={t('integrations.webhooks.payLaterUrl')} description={t('integrations.webhooks.payLaterHint')} name="payLaterUrl">
          {(control) => <input {...control} type="url" className={inputClass} {...form.register('payLaterUrl', unsaved)} />}
        </Field>
        {stale || held.overtaken ? (
          <ChangedSinceNotice message={t(stale ? 'settings.form.changedSince' : 'settings.form.changedMeanwhile')} onLoad={() => void showCurrent()} />
        ) : null}
        <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
      </form>
    </FormProvider>
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
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {t('integrations.webhooks.secret.rotate')}
          </Button>
        ) : null}
        {settings || answer.inherited ? (
          <Button variant="secondary" size="sm" pending={test.pending} pendingLabel={t('integrations.webhooks.test.sending')} onClick={() => test.act()}>
            {t('integrations.webhooks.test.send')}
          </Button>
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
