import { createMachine, fromPromise } from 'xstate';
import type { Endpoint, ParamsInputOf, QueryInputOf, BodyInputOf, ResponseOf } from '../contract/endpoint';
import { MERCHANT_PAGE_KINDS, SETTINGS_KIND_DEFINITIONS } from '../contract/settings/kinds';
import {
  MERCHANT_WIZARD_STATUS,
  MERCHANT_WIZARD_STEPS,
  merchantWizardEndpoints,
  type MerchantWizardAnswer,
  type MerchantWizardStep,
} from '../contract/settings/merchant-wizard';
import { z } from 'zod';
import { wizardMachine, type SaveStepInput, type SaveStepOutput, type WizardDefinition, type WizardProgress } from './wizard.machine';

// The merchant wizard as data (spec 2 "Merchants": currency rules, location settings, payment
// settings, processing settings, fees, payout e-mails, OWS settings, e-mail settings) on the
// generic wizard machine: each step is a merchant page's settings form shown with isOnboarding;
// after the form has saved the settings, the step is kept as a draft on the server, so the wizard
// resumes where it was left. Only an Active group's wizard can be edited; any other is read-only.
// docs/decisions/0251-merchant-wizard.md.

/** Steps whose form is another module's (fees, e-mail settings) have no settings kind here: any object passes. */
const stepSchema = (step: MerchantWizardStep) => {
  const kind = MERCHANT_PAGE_KINDS[step];
  return kind ? SETTINGS_KIND_DEFINITIONS[kind].schema : z.record(z.string(), z.unknown());
};

export const MERCHANT_WIZARD: WizardDefinition<MerchantWizardStep> = {
  id: 'merchant',
  steps: MERCHANT_WIZARD_STEPS.map((id) => ({ id, path: `/merchants/${id}`, titleKey: `shell.routes.merchantPages.${id}`, schema: stepSchema(id) })),
  successPath: '/merchants',
};

/** The generic wizard under its own name, so the merchant wizard has its own diagram and coverage record. */
export const merchantWizardMachine = createMachine(
  {
    ...wizardMachine.config,
    id: 'merchantWizard',
    description:
      "The merchant wizard for an Active group: each step saves one kind of the group's settings, then is kept as a draft; finish once every step is valid",
  },
  wizardMachine.implementations,
);

export type ApiCall = <E extends Endpoint>(
  endpoint: E,
  options?: { params?: ParamsInputOf<E>; query?: QueryInputOf<E>; body?: BodyInputOf<E> },
) => Promise<ResponseOf<E>>;

/** The server's answer as the wizard's progress: not Active, or finished, means read-only. */
export function progressOf(answer: MerchantWizardAnswer): WizardProgress {
  return {
    steps: answer.steps.map((step) => ({ id: step.step, valid: step.valid, saved: step.saved, flagged: false })),
    mode: answer.groupStatus !== MERCHANT_WIZARD_STATUS || answer.completedAt !== null ? 'readOnly' : 'edit',
    flags: { fields: [], documents: [] },
  };
}

/** The three effects of the merchant wizard for one group. */
export function merchantWizardActors(call: ApiCall, merchantGroupId: string) {
  const params = { merchantGroupId };
  const stepsOf = (answer: MerchantWizardAnswer): SaveStepOutput => ({ steps: progressOf(answer).steps });
  return {
    loadProgress: fromPromise<WizardProgress>(async () => progressOf(await call(merchantWizardEndpoints.getMerchantWizard, { params }))),
    saveStep: fromPromise<SaveStepOutput, SaveStepInput>(async ({ input }) =>
      stepsOf(
        await call(merchantWizardEndpoints.saveMerchantWizardStep, {
          params,
          body: { step: input.stepId as MerchantWizardStep, data: (input.data ?? {}) as Record<string, unknown> },
        }),
      ),
    ),
    submit: fromPromise<unknown>(async () => call(merchantWizardEndpoints.completeMerchantWizard, { params })),
  };
}

export function createMerchantWizardMachine(call: ApiCall, merchantGroupId: string) {
  return merchantWizardMachine.provide({ actors: merchantWizardActors(call, merchantGroupId) });
}
export const merchantWizardInput = { stepIds: MERCHANT_WIZARD_STEPS } as const;
