import { fromPromise } from 'xstate';
import type { Endpoint, ParamsInputOf, QueryInputOf, BodyInputOf, ResponseOf } from '../contract/endpoint';
import type { KycStepState, OnboardingTracking } from '../contract/kyc/application';
import { kycEndpoints } from '../contract/kyc/endpoints';
import { KYC_STEP_SCHEMAS } from '../contract/kyc/step-schemas';
import { KYC_STEP_IDS, KYC_STEP_TITLE_KEYS, type KycStepId } from '../contract/kyc/steps';
import { wizardMachine, type SaveStepInput, type SaveStepOutput, type WizardDefinition, type WizardProgress, type WizardStepState } from './wizard.machine';

// The KYC wizard as data (spec 2 "KYC wizard"): its eight steps in the spec's order, their schemas,
// and the calls that load, save and submit it. The React host passes its api client in, so this
// file stays free of fetch and React.

export const KYC_WIZARD: WizardDefinition<KycStepId> = {
  id: 'kyc',
  steps: KYC_STEP_IDS.map((id) => ({ id, path: `/kyc/${id}`, titleKey: KYC_STEP_TITLE_KEYS[id], schema: KYC_STEP_SCHEMAS[id] })),
  successPath: '/kyc/application-success',
};

/** The api client's `call` (src/lib/api-client.ts), or anything with its shape. */
export type ApiCall = <E extends Endpoint>(
  endpoint: E,
  options?: { params?: ParamsInputOf<E>; query?: QueryInputOf<E>; body?: BodyInputOf<E> },
) => Promise<ResponseOf<E>>;

export const saveKycStepEndpoint = kycEndpoints.saveKycStep;
export const submitKycApplicationEndpoint = kycEndpoints.submitKycApplication;
export const getOnboardingTrackingEndpoint = kycEndpoints.getOnboardingTracking;

export function wizardStepsOf(steps: readonly KycStepState[]): WizardStepState[] {
  return steps.map((step) => ({ id: step.step, valid: step.valid, saved: step.saved, flagged: step.flagged }));
}

/** The server's tracking answer as the wizard's progress. */
export function progressFromTracking(tracking: Pick<OnboardingTracking, 'steps' | 'mode' | 'flags'>): WizardProgress {
  const open = tracking.flags.filter((flag) => flag.resolvedAt === null);
  return {
    steps: wizardStepsOf(tracking.steps),
    mode: tracking.mode,
    flags: {
      fields: open.filter((flag) => flag.targetKind === 'field').map((flag) => flag.target),
      documents: open.filter((flag) => flag.targetKind === 'document').map((flag) => flag.target),
    },
  };
}

/** The three effects of the KYC wizard for one merchant group. */
export function kycWizardActors(call: ApiCall, merchantGroupId: string) {
  const params = { id: merchantGroupId };
  return {
    loadProgress: fromPromise<WizardProgress>(async () => progressFromTracking(await call(getOnboardingTrackingEndpoint, { params }))),
    saveStep: fromPromise<SaveStepOutput, SaveStepInput>(async ({ input }) => {
      const answer = await call(saveKycStepEndpoint, {
        params,
        body: { step: input.stepId as KycStepId, data: (input.data ?? {}) as Record<string, unknown> },
      });
      return { steps: wizardStepsOf(answer.steps) };
    }),
    submit: fromPromise<unknown>(async () => call(submitKycApplicationEndpoint, { params })),
  };
}

/** The wizard machine wired to the KYC calls; start it with `createActor(machine, { input: kycWizardInput })`. */
export function createKycWizardMachine(call: ApiCall, merchantGroupId: string) {
  return wizardMachine.provide({ actors: kycWizardActors(call, merchantGroupId) });
}
export const kycWizardInput = { stepIds: KYC_STEP_IDS } as const;
