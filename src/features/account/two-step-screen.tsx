import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useSession } from '../../lib/session/session-provider';
import { accountKeys, twoStepStatusQuery } from './api';
import { problemDetailOf } from '../../components/form/problem-detail';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoStep } from './turn-off-two-step';
import { TwoStepSetup } from './two-step-setup';

/**
 * /account/two-step, from the user menu (issue 19; decisions 0271 and 0310): any signed-in user turns
 * two-step sign-in on with an authenticator app, keeps the recovery codes shown once, and turns it off
 * again. Whoever the sign-in policy requires it of is sent here until it is on.
 */
export function TwoStepScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const status = useQuery(twoStepStatusQuery());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  function enabled(codes: string[]) {
    setRecoveryCodes(codes);
    void queryClient.invalidateQueries({ queryKey: accountKeys.twoStep });
    if (session.twoStepSetupRequired) session.twoStepEnabled();
  }

  const state = status.data;
  return (
    <PageLayout title={t('account.twoStep.title')}>
      {status.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {problemDetailOf(status.error)}
        </p>
      ) : null}
      {status.isPending ? <p role="status">{t('account.twoStep.loading')}</p> : null}
      {state?.required && !state.enabled && !recoveryCodes ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="two-step-required">
          {t('account.twoStep.requiredByPolicy')}
        </p>
      ) : null}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : state?.enabled ? (
        <section aria-labelledby="two-step-on" className="flex max-w-xl flex-col gap-3 rounded border border-slate-200 bg-white p-4">
          <h2 id="two-step-on" className="text-lg font-semibold">
            {t('account.twoStep.onTitle')}
          </h2>
          <p className="text-sm" data-testid="two-step-state">
            {t('account.twoStep.onText', { count: state.recoveryCodesLeft })}
          </p>
          {state.required ? <p className="text-sm text-slate-700">{t('account.twoStep.keptOnByPolicy')}</p> : <TurnOffTwoStep />}
        </section>
      ) : state ? (
        <TwoStepSetup onEnabled={enabled} />
      ) : null}
    </PageLayout>
  );
}
