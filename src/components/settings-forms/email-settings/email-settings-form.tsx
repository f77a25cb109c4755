import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
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
  const [initial] = useState<Draft>(() => draftOf(answer.settings ?? answer.inherited));
  const [draft, setDraft] = useState<Draft>(initial);
  useReportDirty(JSON.stringify(draft) !== JSON.stringify(initial), onDirtyChange);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useActionMutation({
    mutationFn: (body: SmtpSettingsInput) => saveSmtpSettings(body),
    meta: { errorToast: false },
    onSuccess: (next) => {
      setSaved(true);
      queryClient.setQueryData(smtpSettingsKey(scope), next);
      onSaved?.();
    },
    onError: (error) =>
      setErrors(Object.fromEntries(Object.entries(serverFieldErrors(error) ?? {}).map(([field, messages]) => [field, serverWords(messages[0] ?? '')]))),
  });

  // The server's refusals this form knows in the user's language; any other is shown as the server wrote it.
  const serverWords = (message: string) => (SERVER_MESSAGE_KEYS[message] ? t(SERVER_MESSAGE_KEYS[message]) : message);
  const change = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setSaved(false);
    setDraft((current) => {
      const next = { ...current, [name]: value };
      // SendGrid is its SMTP relay with the API key as password: fill in what is always the same.
      if (name === 'provider' && value === 'SendGrid')
        Object.assign(next, {
          server: SENDGRID_RELAY.server,
          port: String(SENDGRID_RELAY.port),
          encryption: SENDGRID_RELAY.encryption,
          username: SENDGRID_RELAY.username,
        });
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: SmtpSettingsInput = {
      ...draft,
      scope,
      port: Number(draft.port),
      password: draft.password || undefined,
      senderName: draft.senderName || undefined,
    };
    const checked = SmtpSettingsInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        if (found[field] === undefined) {
          const error = fieldErrorOf(field, issue);
          found[field] = t(error.key, error.values);
        }
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.act(body);
  };
  const stored = answer.settings?.passwordStored ?? false;
  const failure = save.error && !serverFieldErrors(save.error) ? save.error.message : null;
  const text = (name: 'server' | 'username' | 'senderEmail' | 'senderName', type = 'text', required = false) => (
    <Field label={t(`integrations.email.${name}`)} required={required} error={errors[name]}>
      {(control) => (
        <input {...control} name={name} type={type} className={inputClass} value={draft[name] ?? ''} onChange={(event) => change(name, event.target.value)} />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4" data-testid="email-settings-form" aria-label={t('integrations.email.title')}>
      <p className="text-sm text-slate-700">
        {t('integrations.email.intro', { scopeName: t(scope.kind === 'property' ? 'integrations.email.scopeProperty' : 'integrations.email.scopeGroup') })}
      </p>
      {!answer.settings && answer.inherited ? (
        <p role="note" className="rounded bg-slate-100 p-2 text-sm text-slate-800">
          {t('integrations.email.inherited', { server: answer.inherited.server })}
        </p>
      ) : null}
      <Field label={t('integrations.email.provider')} required description={draft.provider === 'SendGrid' ? t('integrations.email.sendGridHint') : undefined}>
        {(control) => (
          <select
            {...control}
            name="provider"
            className={inputClass}
            value={draft.provider}
            onChange={(event) => change('provider', event.target.value as Draft['provider'])}
          >
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
        <Field label={t('integrations.email.port')} required error={errors.port}>
          {(control) => (
            <input
              {...control}
              name="port"
              inputMode="numeric"
              className={inputClass}
              value={draft.port}
              onChange={(event) => change('port', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('integrations.email.encryption')} required>
          {(control) => (
            <select
              {...control}
              name="encryption"
              className={inputClass}
              value={draft.encryption}
              onChange={(event) => change('encryption', event.target.value as Draft['encryption'])}
            >
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
        error={errors.password}
      >
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={draft.password ?? ''}
            onChange={(event) => change('password', event.target.value)}
          />
        )}
      </Field>
      {text('senderEmail', 'email', true)}
      {text('senderName')}
      <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
    </form>
  );
}
