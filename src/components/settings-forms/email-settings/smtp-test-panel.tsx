import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { Field, inputClass } from '../../form/field';
import { MutationButton } from '../../mutation-button';
import type { SettingsScope } from '../../../../contract/settings/scope';
import { sendSmtpTest } from './email-settings-api';

/** "Send a test e-mail": the server really talks to the saved mail server and its answer is shown as it came. */
export function SmtpTestPanel({ scope }: { scope: SettingsScope }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [invalid, setInvalid] = useState(false);
  const test = useActionMutation({ mutationFn: (address: string) => sendSmtpTest(scope, address) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = z.email().safeParse(to.trim()).success;
    setInvalid(!valid);
    if (valid) test.act(to.trim());
  };
  const answer = test.data;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-2xl flex-col gap-3 rounded border border-slate-300 p-4"
      aria-label={t('integrations.email.test.title')}
    >
      <h3 className="font-medium text-slate-900">{t('integrations.email.test.title')}</h3>
      <p className="text-sm text-slate-700">{t('integrations.email.test.intro')}</p>
      <Field label={t('integrations.email.test.to')} required error={invalid ? t('integrations.email.errors.to') : undefined}>
        {(control) => <input {...control} type="email" className={inputClass} value={to} onChange={(event) => setTo(event.target.value)} />}
      </Field>
      <MutationButton
        type="submit"
        pending={test.pending}
        pendingLabel={t('integrations.email.test.sending')}
        className="self-start rounded border border-brand px-4 py-2 font-medium text-brand hover:bg-brand/10"
      >
        {t('integrations.email.test.send')}
      </MutationButton>
      {answer ? (
        <div
          role="status"
          data-testid="smtp-test-result"
          data-delivered={answer.delivered}
          className={answer.delivered ? 'text-sm text-green-800' : 'text-sm text-red-800'}
        >
          <p>{answer.delivered ? t('integrations.email.test.delivered') : t('integrations.email.test.failed')}</p>
          <pre className="mt-1 whitespace-pre-wrap break-words rounded bg-slate-100 p-2 font-mono text-xs text-slate-900">{answer.serverAnswer}</pre>
        </div>
      ) : null}
    </form>
  );
}
