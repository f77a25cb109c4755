import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  EMAIL_PROVIDERS,
  SENDGRID_RELAY,
  SMTP_ENCRYPTIONS,
  SMTP_PASSWORD_AGAIN,
  SmtpSettingsInputSchema,
  type SmtpSettings,
  type SmtpSettingsAnswer,
  type SmtpSettingsInput,
} from '../../../../contract/smtp-settings';
import { UNSAFE_TEXT_MESSAGE } from '../../../../contract/text';
import { ResponseError } from '../../../lib/failure-message';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { Field, inputClass } from '../../form/field';
import { useForm } from '../../form/use-form';
import type { SettingsFormProps } from '../settings-form-props';
import { saveSmtpSettings, smtpSettingsKey, smtpSettingsQuery } from './email-settings-api';
import { SmtpTestPanel } from './smtp-test-panel';
import { SettingsFormFooter } from '../settings-form-footer';
import { useReportDirty } from '../use-report-dirty';

// E-mail settings of a merchant group ("email-settings") or a property ("smtp-settings"), spec 7
// `merchant-smtp` (decision 0280). The password is write-only: the form shows whether one is
// stored and sends a new one only when typed.

type Draft = Omit<SmtpSettingsInput, 'scope' | 'port'> & { port: string };

/** Fields with a sentence of their own for a value in the wrong shape (a limit or an unstorable character has its own). */
const SHAPED_FIELDS: readonly string[] = ['server', 'port', 'senderEmail'];

/** What the form says at a field the contract refused, as an i18n key and its values: every field that can fail says why. */
function fieldErrorOf(field: string, issue: z.core.$ZodIssue): { key: string; values?: Record<string, number> } {
  if (issue.message === UNSAFE_TEXT_MESSAGE) return { key: 'integrations.email.errors.unsafeText' };
  if (issue.code === 'too_big' && issue.origin === 'string') return { key: 'integrations.email.errors.tooLong', values: { max: Number(issue.maximum) } };
  return { key: `integrations.email.errors.${SHAPED_FIELDS.includes(field) ? field : 'invalid'}` };
}

const SERVER_MESSAGE_KEYS: Record<string, string> = {
  [SMTP_PASSWORD_AGAIN]: 'integrations.email.errors.passwordAgain',
  [UNSAFE_TEXT_MESSAGE]: 'integrations.email.errors.unsafeText',
};

function draftOf(settings: SmtpSettings | null): Draft {
  return {
    provider: settings?.provider ?? 'SMTP',
    server: settings?.server ?? '',
    port: String(settings?.port ?? 587),
    encryption: settings?.encryption ?? 'STARTTLS',
    username: settings?.username ?? '',
    password: '',
    senderEmail: settings?.senderEmail ?? '',
    senderName: settings?.senderName ?? '',
  };
}

/** The inputs read as the call's body, checked by the contract's schema; each field's first problem in the screen's words. */
function draftSchema(scope: SmtpSettingsInput['scope'], t: TFunction) {
  return z
    .custom<Draft>()
    .transform((draft): SmtpSettingsInput => ({
      ...draft,
      scope,
      port: Number(draft.port),
      password: draft.password || undefined,
      senderName: draft.senderName || undefined,
    }))
    .superRefine((body, context) => {
      const checked = SmtpSettingsInputSchema.safeParse(body);
      if (checked.success) return;
      const said = new Set<string>();
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        if (said.has(field)) continue;
        said.add(field);
        const error = fieldErrorOf(field, issue);
        context.addIssue({ code: 'custom', path: [field], message: t(error.key, error.values) });
      }
    });
}

function serverFieldErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ResponseError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : null;
}

export function EmailSettingsForm(props: SettingsFormProps) {
  const { t } = useTranslation();
  const answer = useQuery(smtpSettingsQuery(props.scope));
  const [saved, setSaved] = useState(false);
  if (answer.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {answer.error.message}
      </p>
    );
  if (!answer.data) return <p className="text-sm text-slate-600">{t('integrations.common.loading')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <LoadedForm key={answer.data.settings?.updatedAt ?? 'none'} {...props} answer={answer.data} saved={saved} setSaved={setSaved} />
      {answer.data.settings || answer.data.inherited ? <SmtpTestPanel scope={props.scope} /> : null}
    </div>
  );
}

function LoadedForm({
  scope,
  onboarding,
  finishLabel,
  onSaved,
  onDirtyChange,
  answer,
  saved,
  setSaved,
}: SettingsFormProps & { answer: SmtpSettingsAnswer; saved: boolean; setSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useActionMutation({
    mutationFn: (body: SmtpSettingsInput) => saveSmtpSettings(body),
    meta: { errorToast: false },
    onSuccess: (next) => {
      setSaved(true);
      queryClient.setQueryData(smtpSettingsKey(scope), next);
      onSaved?.();
    },
    onError: (error) => {
      for (const [field, messages] of Object.entries(serverFieldErrors(error) ?? {}))
        form.setError(field as keyof Draft, { type: 'server', message: serverWords(messages[0] ?? '') });
    },
  });
  const schema = useMemo(() => draftSchema(scope, t), [scope, t]);
  const form = useForm<Draft, SmtpSettingsInput>({ schema, defaultValues: draftOf(answer.settings ?? answer.inherited) });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const provider = form.watch('provider');

  // The server's refusals this form knows in the user's language; any other is shown as the server wrote it.
  const serverWords = (message: string) => (SERVER_MESSAGE_KEYS[message] ? t(SERVER_MESSAGE_KEYS[message]) : message);
  const unsaved = { onChange: () => setSaved(false) };
  const onProvider = (event: { target: { value: string } }) => {
    setSaved(false);
    // SendGrid is its SMTP relay with the API key as password: fill in what is always the same.
    if (event.target.value !== 'SendGrid') return;
    const filled = { shouldDirty: true };
    form.setValue('server', SENDGRID_RELAY.server, filled);
    form.setValue('port', String(SENDGRID_RELAY.port), filled);
    form.setValue('encryption', SENDGRID_RELAY.encryption, filled);
    form.setValue('username', SENDGRID_RELAY.username, filled);
  };
  const submit = form.submit((body) => save.send(body));
  const stored = answer.settings?.passwordStored ?? false;
  const failure = save.error && !serverFieldErrors(save.error) ? save.error.message : null;
  const text = (name: 'server' | 'username' | 'senderEmail' | 'senderName', type = 'text', required = false) => (
    <Field label={t(`integrations.email.${name}`)} required={required} name={name}>
      {(control) => <input {...control} type={type} className={inputClass} {...form.register(name, unsaved)} />}
    </Field>
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4" data-testid="email-settings-form" aria-label={t('integrations.email.title')}>
        <p className="text-sm text-slate-700">
          {t('integrations.email.intro', { scopeName: t(scope.kind === 'property' ? 'integrations.email.scopeProperty' : 'integrations.email.scopeGroup') })}
        </p>
        {!answer.settings && answer.inherited ? (
          <p role="note" className="rounded bg-slate-100 p-2 text-sm text-slate-800">
            {t('integrations.email.inherited', { server: answer.inherited.server })}
          </p>
        ) : null}
        <Field label={t('integrations.email.provider')} required description={provider === 'SendGrid' ? t('integrations.email.sendGridHint') : undefined}>
          {(control) => (
            <select {...control} className={inputClass} {...form.register('provider', { onChange: onProvider })}>
              {EMAIL_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {t(`integrations.email.providers.${provider}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('server', 'text', true)}
        <div className="grid grid-cols-2 gap-4">
          <Field label={t('integrations.email.port')} required name="port">
            {(control) => <input {...control} inputMode="numeric" className={inputClass} {...form.register('port', unsaved)} />}
          </Field>
          <Field label={t('integrations.email.encryption')} required>
            {(control) => (
              <select {...control} className={inputClass} {...form.register('encryption', unsaved)}>
                {SMTP_ENCRYPTIONS.map((encryption) => (
                  <option key={encryption} value={encryption}>
                    {t(`integrations.email.encryptions.${encryption}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {text('username')}
        <Field
          label={t('integrations.email.password')}
          description={stored ? t('integrations.email.passwordStored') : t('integrations.email.passwordNone')}
          name="password"
        >
          {(control) => <input {...control} type="password" autoComplete="new-password" className={inputClass} {...form.register('password', unsaved)} />}
        </Field>
        {text('senderEmail', 'email', true)}
        {text('senderName')}
        <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
      </form>
    </FormProvider>
  );
}
