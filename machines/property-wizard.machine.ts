import { createMachine, fromPromise } from 'xstate';
import { z } from 'zod';
import type { Endpoint, ParamsInputOf, BodyInputOf, ResponseOf } from '../contract/endpoint';
import { propertyEndpoints, type PropertyOverview } from '../contract/properties';
import { PROPERTY_WIZARD_STEPS, type PropertyWizardStepId } from '../contract/property-wizard';
import { PROPERTY_PAGE_KINDS, SETTINGS_KIND_DEFINITIONS } from '../contract/settings/kinds';
import { wizardMachine, type SaveStepInput, type SaveStepOutput, type WizardDefinition, type WizardMode, type WizardProgress } from './wizard.machine';

// The add-property wizard as data (spec 2: ten steps; decision 0261) on the generic wizard machine,
// like the merchant wizard. The first step (property information) creates the property outside the
// machine; from then on each step is a property page's settings form with isOnboarding. The form
// saves the property's settings itself, so keeping a step re-reads the property: its overview says
// which pages the property has saved (the draft is the settings store) and what the reviewer flagged.
// Steps are not required (decision 0261), so every step is valid and the address alone says where
// to resume. While the property is back for resubmission the wizard walks the flagged steps only.
// docs/decisions/0301-property-wizard-on-the-machine.md.

const FIELD_STEP: PropertyWizardStepId = 'property-information';

const stepSchema = (page: (typeof PROPERTY_WIZARD_STEPS)[number]['page']) => {
  const kind = PROPERTY_PAGE_KINDS[page];
  return kind ? SETTINGS_KIND_DEFINITIONS[kind].schema : z.record(z.string(), z.unknown());
};

export const PROPERTY_WIZARD: WizardDefinition<PropertyWizardStepId> = {
  id: 'property',
  steps: PROPERTY_WIZARD_STEPS.map((step) => ({
    id: step.id,
    path: `/properties/create-property?step=${step.id}`,
    titleKey: `properties.create.stepNames.${step.id}`,
    schema: stepSchema(step.page),
  })),
  successPath: '/properties/property-submitted',
};

/** The generic wizard under its own name, so the property wizard has its own diagram and coverage record. */
export const propertyWizardMachine = createMachine(
  {
    ...wizardMachine.config,
    id: 'propertyWizard',
    description:
      "The add-property wizard after its first step: each step is one of the property's settings pages; finish sends the property for review; in resubmission only the flagged steps",
  },
  wizardMachine.implementations,
);

/** Created or NotOnboarded: every step; ResubmissionRequired: the flagged ones; anything else is read-only. */
export function wizardModeOf(status: PropertyOverview['status']): WizardMode {
  if (status === 'Created' || status === 'NotOnboarded') return 'edit';
  return status === 'ResubmissionRequired' ? 'resubmission' : 'readOnly';
}

/** The wizard steps the reviewer's open flags name: a page's step, or the first step for a field of the property. */
export function flaggedStepIds(overview: Pick<PropertyOverview, 'flags'>): PropertyWizardStepId[] {
  const open = overview.flags.filter((flag) => flag.resolvedAt === null).map((flag) => flag.target as string);
  return PROPERTY_WIZARD_STEPS.filter((step) => open.includes(step.page) || (step.id === FIELD_STEP && open.some((target) => !isPage(target)))).map(
    (step) => step.id,
  );
}
const PAGES: readonly string[] = PROPERTY_WIZARD_STEPS.map((step) => step.page);
const isPage = (target: string) => PAGES.includes(target) || ['property-manager', 'fees', 'secret-keys'].includes(target);

/** The steps the wizard walks for this property: all ten, or in resubmission the flagged ones (all ten when no flag names a step). */
export function wizardStepIdsOf(overview: Pick<PropertyOverview, 'status' | 'flags'>): PropertyWizardStepId[] {
  const flagged = wizardModeOf(overview.status) === 'resubmission' ? flaggedStepIds(overview) : [];
  return flagged.length ? flagged : PROPERTY_WIZARD_STEPS.map((step) => step.id);
}

/** The property's overview as the wizard's progress. */
export function progressOf(overview: PropertyOverview): WizardProgress {
  const flagged = flaggedStepIds(overview);
  const sourceOf = (page: string) => overview.settings.find((entry) => entry.page === page)?.source;
  return {
    steps: PROPERTY_WIZARD_STEPS.map((step) => ({
      id: step.id,
      valid: true,
      saved: step.id === FIELD_STEP || sourceOf(step.page) === 'property',
      flagged: flagged.includes(step.id),
    })),
    mode: wizardModeOf(overview.status),
    flags: { fields: overview.flags.filter((flag) => flag.resolvedAt === null).map((flag) => flag.target), documents: [] },
  };
}

export type ApiCall = <E extends Endpoint>(endpoint: E, options?: { params?: ParamsInputOf<E>; body?: BodyInputOf<E> }) => Promise<ResponseOf<E>>;

/** The three effects of the property wizard for one property: read the overview, keep a step (read it again), finish. */
export function propertyWizardActors(call: ApiCall, merchantId: string) {
  const params = { id: merchantId };
  // The status the last read saw: finishing needs it, and asking again would be one more call to wait for.
  let lastStatus: PropertyOverview['status'] | undefined;
  const overview = async () => {
    const answer = await call(propertyEndpoints.getPropertyOverview, { params });
    lastStatus = answer.status;
    return answer;
  };
  return {
    loadProgress: fromPromise<WizardProgress>(async () => progressOf(await overview())),
    saveStep: fromPromise<SaveStepOutput, SaveStepInput>(async () => ({ steps: progressOf(await overview()).steps })),
    submit: fromPromise<PropertyOverview>(async () => {
      // Created means the wizard was still being filled in: mark it complete, then send it (decision 0260).
      if (lastStatus === 'Created') {
        await call(propertyEndpoints.transitionProperty, { params, body: { action: 'complete' } });
        lastStatus = 'NotOnboarded';
      }
      return call(propertyEndpoints.transitionProperty, { params, body: { action: 'submit' } });
    }),
  };
}

export function createPropertyWizardMachine(call: ApiCall, merchantId: string) {
  return propertyWizardMachine.provide({ actors: propertyWizardActors(call, merchantId) });
}
