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
  SMTP_TEXT_LIMITS,
  SmtpSettingsInputSchema,
  type SmtpSettings,
  type SmtpSettingsAnswer,
  type SmtpSettingsInput,
} from '../../../../contract/smtp-settings';
import { UNSAFE_TEXT_MESSAGE } from '../../../../contract/text';
import { shownVersionOf } from '../../../../contract/versions';
import { isChangedSince } from '../../../lib/failure-message';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { Field, inputClass } from '../../../components/form/field';
import { fieldErrorsOf, type FaultWords } from '../../../components/form/problem-errors';
import { useForm } from '../../../components/form/use-form';
import { useHeldAnswer, type HeldAnswer } from '../../../components/form/use-held-answer';
import { useReportDirty } from '../../../components/form/use-report-dirty';
import { ChangedSinceNotice } from '../../../components/changed-since/changed-since-notice';
import type { SettingsFormProps } from '../settings-form-props';
import { saveSmtpSettings, smtpSettingsKey, smtpSettingsQuery } from './email-settings-api';
import { SmtpTestPanel } from './smtp-test-panel';
import { SettingsFormFooter } from '../settings-form-footer';
import { neverAnswered, ReadFailure } from '../../../components/form/read-failure';
import { LoadingStatus } from '../../../components/loading-status/loading-status';

// E-mail settings of a merchant group ("email-settings") or a property ("smtp-settings"), spec 7
// `merchant-smtp` (decision 0280). The password is write-only: the form shows whether one is
// stored and sends a new one only when typed.

type Draft = Omit<SmtpSettingsInput, 'scope' | 'port'> & { port: string };

/** Fields with a sentence of their own for a value in the wrong shape (a limit or an unstorable character has its own). */
const SHAPED_FIELDS: readonly string[] = ['server', 'port', 'senderEmail'];

const SERVER_MESSAGE_KEYS: Record<string, string> = {
  [SMTP_PASSWORD_AGAIN]: 'integrations.email.errors.passwordAgain',
  [UNSAFE_TEXT_MESSAGE]: 'integrations.email.errors.unsafeText',
};

/**
 * The version of what the inputs show: the scope's own settings, else (a property without) its group's, which a save
 * made from them names, so it is refused once the group's changed meanwhile (decision 0683).
 */
const shownSettingsVersion = (answer: SmtpSettingsAnswer): string => shownVersionOf(answer.settings?.updatedAt, answer.inherited?.updatedAt);

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

/** The inputs read as the call's body, checked by the contract's schema. */
function draftSchema(scope: SmtpSettingsInput['scope']) {
  return z
    .custom<Draft>()
    .transform((draft): SmtpSettingsInput => ({
      ...draft,
      scope,
      port: Number(draft.port),
      password: draft.password || undefined,
      senderName: draft.senderName || undefined,
    }))
    .pipe(SmtpSettingsInputSchema);
}

/**
 * What the form says at a field the contract or the server refused, in the screen's words: every
 * field that can fail says why; a server refusal this form does not know is shown as the server wrote it.
 */
function emailWords(t: TFunction): FaultWords {
  return ({ path, type, message }) => {
    if (type === 'server') return SERVER_MESSAGE_KEYS[message] ? t(SERVER_MESSAGE_KEYS[message]) : message;
    if (message === UNSAFE_TEXT_MESSAGE) return t('integrations.email.errors.unsafeText');
    if (type === 'too_big' && path in SMTP_TEXT_LIMITS)
      return t('integrations.email.errors.tooLong', { max: SMTP_TEXT_LIMITS[path as keyof typeof SMTP_TEXT_LIMITS] });
    return t(`integrations.email.errors.${SHAPED_FIELDS.includes(path) ? path : 'invalid'}`);
  };
}

export function EmailSettingsForm(props: SettingsFormProps) {
  const { t } = useTranslation();
  const answer = useQuery(smtpSettingsQuery(props.scope));
  // The inputs start from the answer they were built from, kept while they hold typing (decision 0680).
  const held = useHeldAnswer(JSON.stringify(props.scope), answer.data, shownSettingsVersion);
  const [saved, setSaved] = useState(false);
  if (neverAnswered(answer)) return <ReadFailure read={answer} />;
  if (!held.answer) return <LoadingStatus message={t('integrations.common.loading')} />;
  return (
    <div className="flex flex-col gap-6">
      <ReadFailure read={answer} />
      <LoadedForm key={held.key} {...props} answer={held.answer} held={held} saved={saved} setSaved={setSaved} />
      {answer.data?.settings || answer.data?.inherited ? <SmtpTestPanel scope={props.scope} /> : null}
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
  held,
  saved,
  setSaved,
}: SettingsFormProps & { answer: SmtpSettingsAnswer; held: HeldAnswer<SmtpSettingsAnswer>; saved: boolean; setSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useActionMutation({
    // The version of the answer the inputs were built from: a save over someone else's newer one is refused (decision 0354).
    mutationFn: (body: SmtpSettingsInput) => saveSmtpSettings(body, shownSettingsVersion(answer)),
    meta: { errorToast: false },
    onSuccess: (next) => {
      setSaved(true);
      queryClient.setQueryData(smtpSettingsKey(scope), next);
      // The saved answer starts the inputs over, though they still hold the typing just saved.
      held.startOver();
      onSaved?.();
    },
  });
  const schema = useMemo(() => draftSchema(scope), [scope]);
  const form = useForm<Draft, SmtpSettingsInput>({
    schema,
    defaultValues: draftOf(answer.settings ?? answer.inherited),
    serverError: save.error,
    words: emailWords(t),
  });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  useReportDirty(form.formState.isDirty, held.onDirtyChange);
  const provider = form.watch('provider');

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
  // The newest answer, then the inputs built from it: the typing goes, as the user asked.
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: smtpSettingsKey(scope) });
    held.startOver();
  };
  // Someone saved these settings after the form read them: nothing was written (decision 0354).
  const stale = isChangedSince(save.error);
  const failure = save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && !stale ? save.error.message : null;
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
        {stale || held.overtaken ? (
          <ChangedSinceNotice message={t(stale ? 'settings.form.changedSince' : 'settings.form.changedMeanwhile')} onLoad={() => void showCurrent()} />
        ) : null}
        <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
      </form>
    </FormProvider>
  );
}
