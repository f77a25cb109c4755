import { useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { twoStepEndpoints } from '../../../contract/two-step';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf } from '../../components/form/problem-errors';
import { problemDetailOf } from '../../components/form/problem-detail';
import { useForm } from '../../components/form/use-form';
import { QrCode } from '../../components/qr-code/qr-code';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { groupedSecret } from './api';

/** Turning it on: a new secret for the app (QR code and text), then a code from the app confirms it. */
export function TwoStepSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useActionMutation({ mutationFn: () => call(twoStepEndpoints.startTwoStepSetup), meta: { errorToast: false } });
  const enable = useActionMutation({
    mutationFn: (value: string) => call(twoStepEndpoints.enableTwoStep, { body: { code: value } }),
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
    meta: { errorToast: false },
  });

  const schema = useMemo(
    () =>
      z.object({
        code: z
          .string()
          .trim()
          .min(1, { message: t('account.twoStep.codeMissing') }),
      }),
    [t],
  );
  const form = useForm({ schema, defaultValues: { code: '' }, serverError: enable.error });
  const confirm = form.submit(({ code }) => enable.send(code));

  const setup = start.data;
  if (!setup)
    return (
      <section aria-labelledby="two-step-off" className="flex max-w-xl flex-col gap-3 rounded border border-slate-200 bg-white p-4">
        <h2 id="two-step-off" className="text-lg font-semibold">
          {t('account.twoStep.offTitle')}
        </h2>
        <p className="text-sm">{t('account.twoStep.offText')}</p>
        {start.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {problemDetailOf(start.error)}
          </p>
        ) : null}
        <Button className="self-start" pending={start.pending} onClick={() => start.act()}>
          {t('account.twoStep.start')}
        </Button>
      </section>
    );

  // A refusal that names no field (a wrong code is the server's sentence) shows under the code too.
  const refusal = enable.isError && !fieldErrorsOf(enable.error).code ? (problemDetailOf(enable.error) ?? undefined) : undefined;
  return (
    <section aria-labelledby="two-step-setup" className="flex max-w-xl flex-col gap-4 rounded border border-slate-200 bg-white p-4">
      <h2 id="two-step-setup" className="text-lg font-semibold">
        {t('account.twoStep.setupTitle')}
      </h2>
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
        <li>
          <p>{t('account.twoStep.scan')}</p>
          <div className="mt-2">
            <QrCode text={setup.otpauthUri} label={t('account.twoStep.qrLabel')} testId="two-step-qr" />
          </div>
          <p className="mt-2">{t('account.twoStep.orType')}</p>
          <code className="mt-1 block break-all rounded bg-slate-100 p-2 font-mono text-base tracking-wider" data-testid="two-step-secret">
            {groupedSecret(setup.secret)}
          </code>
        </li>
        <li>
          <FormProvider {...form}>
            <form noValidate onSubmit={confirm} className="flex flex-col gap-3">
              <Field
                label={t('account.twoStep.codeLabel')}
                description={t('account.twoStep.codeHint')}
                name="code"
                error={form.formState.errors.code ? undefined : refusal}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    className={`${inputClass} max-w-48 font-mono`}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={6}
                    {...form.register('code')}
                  />
                )}
              </Field>
              <Button type="submit" className="self-start" pending={enable.pending}>
                {t('account.twoStep.turnOn')}
              </Button>
            </form>
          </FormProvider>
        </li>
      </ol>
    </section>
  );
}
