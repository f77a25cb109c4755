import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SettingsScope } from '../../../../contract/settings/scope';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { Button } from '../../../components/form/button';
import { Field, inputClass } from '../../../components/form/field';
import { useForm } from '../../../components/form/use-form';
import { sendSmtpTest } from './email-settings-api';

/** "Send a test e-mail": the server really talks to the saved mail server and its answer is shown as it came. */
export function SmtpTestPanel({ scope }: { scope: SettingsScope }) {
  const { t } = useTranslation();
  const test = useActionMutation({ mutationFn: (address: string) => sendSmtpTest(scope, address) });
  const form = useForm({
    schema: z.object({
      to: z
        .string()
        .trim()
        .pipe(z.email({ message: t('integrations.email.errors.to') })),
    }),
    defaultValues: { to: '' },
    serverError: test.error,
  });
  const answer = test.data;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.submit(({ to }) => test.send(to))}
        className="flex max-w-2xl flex-col gap-3 rounded border border-slate-300 p-4"
        aria-label={t('integrations.email.test.title')}
      >
        <h3 className="font-medium text-slate-900">{t('integrations.email.test.title')}</h3>
        <p className="text-sm text-slate-700">{t('integrations.email.test.intro')}</p>
        <Field name="to" label={t('integrations.email.test.to')} required>
          {(control) => <input {...control} {...form.register('to')} type="email" className={inputClass} />}
        </Field>
        <Button type="submit" variant="secondary" pending={test.pending} pendingLabel={t('integrations.email.test.sending')} className="self-start">
          {t('integrations.email.test.send')}
        </Button>
        {answer ? (
          <div
            role="status"
            data-testid="smtp-test-result"
            data-delivered={answer.delivered}
            className={answer.delivered ? 'text-sm text-green-800' : 'text-sm text-red-800'}
          >
            <p>{answer.delivered ? t('integrations.email.test.delivered') : t('integrations.email.test.failed')}</p>
            <pre className="mt-1 rounded bg-slate-100 p-2 font-mono text-xs break-words whitespace-pre-wrap text-slate-900">{answer.serverAnswer}</pre>
          </div>
        ) : null}
      </form>
    </FormProvider>
  );
}
