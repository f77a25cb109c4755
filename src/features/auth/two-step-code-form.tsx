import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useForm } from '../../components/form/use-form';
import { useSessionActor } from '../../lib/session/session-provider';
import { Field } from './field';
import { SubmitButton } from './submit-button';

// Loaded only once the credentials are accepted (the sign-in screen imports it lazily), so the form kit
// it is built on is not part of the sign-in page's first load (decision 0500).

/** The code step of sign-in (the session statechart's unauthenticated.twoStep states, decision 0271). */
export function TwoStepCodeForm() {
  const { t } = useTranslation();
  const actor = useSessionActor();
  const verifying = useSelector(actor, (state) => state.matches({ unauthenticated: { twoStep: 'verifying' } }));
  const locked = useSelector(actor, (state) => state.matches({ unauthenticated: { twoStep: 'lockedOut' } }));
  const refusal = useSelector(actor, (state) => state.context.twoStepError);
  const schema = useMemo(
    () =>
      z.object({
        code: z
          .string()
          .trim()
          .min(1, { message: t('auth.twoStep.required') }),
      }),
    [t],
  );
  const form = useForm({ schema, defaultValues: { code: '' } });

  // The machine holds the request: while it verifies, another code is not sent.
  const submit = form.submit(({ code }) => {
    if (verifying) return;
    actor.send({ type: 'session.codeSubmitted', code });
    form.reset({ code: '' });
  });

  return (
    <>
      <h1 className="text-2xl font-bold text-brand-dark">{t('auth.twoStep.title')}</h1>
      <p className="mt-1 mb-6 text-sm text-gray-600">{t('auth.twoStep.intro')}</p>
      {refusal ? (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {locked ? (
        <p role="status" className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          {t('auth.twoStep.locked')}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field
            label={t('auth.twoStep.code')}
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={11}
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <SubmitButton busy={verifying} busyLabel={t('auth.twoStep.submitting')}>
            {t('auth.twoStep.submit')}
          </SubmitButton>
        </form>
      )}
      <button type="button" onClick={() => actor.send({ type: 'session.twoStepCancelled' })} className="mt-4 text-sm text-brand underline">
        {t('auth.twoStep.cancel')}
      </button>
    </>
  );
}
