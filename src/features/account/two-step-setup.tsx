import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { twoStepEndpoints } from '../../../contract/two-step';
import { Field, inputClass } from '../../components/form/field';
import { QrCode } from '../../components/qr-code/qr-code';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { groupedSecret } from './api';
import { fieldErrorOf, problemDetailOf } from './problem-detail';

const buttonClass = 'self-start rounded bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-60';

/** Turning it on: a new secret for the app (QR code and text), then a code from the app confirms it. */
export function TwoStepSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const start = useActionMutation({ mutationFn: () => call(twoStepEndpoints.startTwoStepSetup), meta: { errorToast: false } });
  const enable = useActionMutation({
    mutationFn: (value: string) => call(twoStepEndpoints.enableTwoStep, { body: { code: value } }),
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
    meta: { errorToast: false },
  });

  function confirm(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') enable.act(trimmed);
  }

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
        <button type="button" className={buttonClass} disabled={start.pending} onClick={() => start.act()}>
          {t('account.twoStep.start')}
        </button>
      </section>
    );

  const codeError = missing
    ? t('account.twoStep.codeMissing')
    : (fieldErrorOf(enable.error, 'code') ?? (enable.isError ? (problemDetailOf(enable.error) ?? undefined) : undefined));
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
          <form noValidate onSubmit={confirm} className="flex flex-col gap-3">
            <Field label={t('account.twoStep.codeLabel')} description={t('account.twoStep.codeHint')} error={codeError} required>
              {(control) => (
                <input
                  {...control}
                  className={`${inputClass} max-w-48 font-mono`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className={buttonClass} disabled={enable.pending}>
              {t('account.twoStep.turnOn')}
            </button>
          </form>
        </li>
      </ol>
    </section>
  );
}
