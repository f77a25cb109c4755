import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { twoStepEndpoints } from '../../../contract/two-step';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf } from '../../components/form/problem-errors';
import { problemDetailOf } from '../../components/form/problem-detail';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { accountKeys } from './api';

type Proof = 'code' | 'password';

/** Turning it off is confirmed with a code from the app (or a recovery code), or with the password. */
export function TurnOffTwoStep() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const turnOff = useActionMutation({
    mutationFn: (body: { code: string } | { password: string }) => call(twoStepEndpoints.disableTwoStep, { body }),
    onSuccess: (status) => queryClient.setQueryData(accountKeys.twoStep, status),
    meta: { errorToast: false },
  });

  const schema = useMemo(
    () =>
      z.object({
        proof: z.enum(['code', 'password']),
        value: z.string().refine((value) => value.trim() !== '', { message: t('account.turnOff.missing') }),
      }),
    [t],
  );
  const form = useForm({ schema, defaultValues: { proof: 'code' as Proof, value: '' } });
  const proof = form.watch('proof');
  const submit = form.submit((values) => turnOff.send(values.proof === 'code' ? { code: values.value.trim() } : { password: values.value }));

  // The server names the field it refused (code or password), which is this form's one value field.
  const serverError = fieldErrorsOf(turnOff.error)[proof] ?? (turnOff.isError ? (problemDetailOf(turnOff.error) ?? undefined) : undefined);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <h3 className="font-semibold">{t('account.turnOff.title')}</h3>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">{t('account.turnOff.confirmWith')}</legend>
        {(['code', 'password'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name="two-step-proof"
              checked={proof === option}
              onChange={() => {
                form.reset({ proof: option, value: '' });
                turnOff.reset();
              }}
            />
            {t(`account.turnOff.with.${option}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t(`account.turnOff.label.${proof}`)} error={form.formState.errors.value?.message ?? serverError} required>
        {(control) => (
          <input
            {...control}
            key={proof}
            type={proof === 'password' ? 'password' : 'text'}
            autoComplete={proof === 'password' ? 'current-password' : 'one-time-code'}
            className={`${inputClass} max-w-72`}
            {...form.register('value')}
          />
        )}
      </Field>
      <Button type="submit" variant="danger" className="self-start" pending={turnOff.pending}>
        {t('account.turnOff.submit')}
      </Button>
    </form>
  );
}
