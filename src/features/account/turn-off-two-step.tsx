import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { twoStepEndpoints } from '../../../contract/two-step';
import { Field, inputClass } from '../../components/form/field';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { accountKeys } from './api';
import { fieldErrorOf, problemDetailOf } from './problem-detail';

type Proof = 'code' | 'password';

/** Turning it off is confirmed with a code from the app (or a recovery code), or with the password. */
export function TurnOffTwoStep() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [proof, setProof] = useState<Proof>('code');
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const turnOff = useActionMutation({
    mutationFn: (body: { code: string } | { password: string }) => call(twoStepEndpoints.disableTwoStep, { body }),
    onSuccess: (status) => queryClient.setQueryData(accountKeys.twoStep, status),
    meta: { errorToast: false },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(value.trim() === '');
    if (value.trim() === '') return;
    turnOff.act(proof === 'code' ? { code: value.trim() } : { password: value });
  }

  const serverError = fieldErrorOf(turnOff.error, proof) ?? (turnOff.isError ? (problemDetailOf(turnOff.error) ?? undefined) : undefined);
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
                setProof(option);
                setValue('');
                turnOff.reset();
              }}
            />
            {t(`account.turnOff.with.${option}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t(`account.turnOff.label.${proof}`)} error={missing ? t('account.turnOff.missing') : serverError} required>
        {(control) => (
          <input
            {...control}
            key={proof}
            type={proof === 'password' ? 'password' : 'text'}
            autoComplete={proof === 'password' ? 'current-password' : 'one-time-code'}
            className={`${inputClass} max-w-72`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={turnOff.pending} className="self-start rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60">
        {t('account.turnOff.submit')}
      </button>
    </form>
  );
}
