import { assign, fromPromise, setup } from 'xstate';
import type { ZodType } from 'zod';

// A generic multi-step wizard (issue 5; reused by the property and merchant wizards). A wizard is
// data: its steps (id, route, title, zod schema) and three effects the host provides with
// `.provide({ actors })`: loadProgress (resume from the server), saveStep (store one step as a
// draft, answer every step's validity), submit. Form values stay in the form (react-hook-form);
// the machine holds the workflow: where we are, what is valid, what is being saved.
// docs/decisions/0142-wizard-statechart.md.

export interface WizardStepDefinition<StepId extends string = string> {
  id: StepId;
  /** Route of the step screen. */
  path: string;
  /** i18n key of the step title. */
  titleKey: string;
  schema: ZodType;
}
export interface WizardDefinition<StepId extends string = string> {
  id: string;
  steps: ReadonlyArray<WizardStepDefinition<StepId>>;
  /** Route shown once the wizard is submitted. */
  successPath: string;
}

export interface WizardStepState {
  id: string;
  valid: boolean;
  saved: boolean;
  /** A reviewer flagged a field or document of this step (resubmission mode). */
  flagged: boolean;
}
/** edit: every field; resubmission: only what the reviewer flagged; readOnly: nothing (under review, decided). */
export type WizardMode = 'edit' | 'resubmission' | 'readOnly';
export interface WizardFlags {
  /** `<step>` or `<step>.<dotted field path>`. */
  fields: string[];
  /** Document ids. */
  documents: string[];
}
export interface WizardProgress {
  steps: WizardStepState[];
  mode: WizardMode;
  flags: WizardFlags;
}
export interface SaveStepInput {
  stepId: string;
  data: unknown;
}
export interface SaveStepOutput {
  steps: WizardStepState[];
}

export interface WizardContext {
  stepIds: string[];
  steps: WizardStepState[];
  currentIndex: number;
  mode: WizardMode;
  flags: WizardFlags;
  /** The save in flight (kept for retry). */
  pending: (SaveStepInput & { intent: 'stay' | 'next' }) | null;
  /** The step to open once progress is loaded, when the user may open it (the address they opened, the step they reloaded). */
  requestedStepId: string | null;
  error: string | null;
}

export type WizardEvent =
  | { type: 'wizard.save'; data: unknown }
  | { type: 'wizard.next'; data?: unknown }
  | { type: 'wizard.back' }
  | { type: 'wizard.go-to'; stepId: string }
  | { type: 'wizard.submit' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.dismiss' }
  | { type: 'wizard.reload' };

const NO_FLAGS: WizardFlags = { fields: [], documents: [] };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong during fetching!';
}

/**
 * Where to open once progress is loaded: the requested step when every step before it is valid (a
 * completed step can be viewed, issue 11), else where to resume.
 */
export function openingIndex(stepIds: readonly string[], steps: readonly WizardStepState[], mode: WizardMode, requested: string | null): number {
  const wanted = requested === null ? -1 : stepIds.indexOf(requested);
  const before = stepIds.slice(0, Math.max(0, wanted));
  if (wanted >= 0 && before.every((id) => steps.find((step) => step.id === id)?.valid)) return wanted;
  return resumeIndex(stepIds, steps, mode);
}

/** Where to resume: the first flagged step in resubmission, else the first step that is not valid, else the last. */
export function resumeIndex(stepIds: readonly string[], steps: readonly WizardStepState[], mode: WizardMode): number {
  const stateOf = (id: string) => steps.find((step) => step.id === id);
  const wanted = mode === 'resubmission' ? stepIds.findIndex((id) => stateOf(id)?.flagged) : stepIds.findIndex((id) => !stateOf(id)?.valid);
  return wanted >= 0 ? wanted : Math.max(0, stepIds.length - 1);
}

function mergeSteps(stepIds: readonly string[], known: readonly WizardStepState[]): WizardStepState[] {
  return stepIds.map((id) => known.find((step) => step.id === id) ?? { id, valid: false, saved: false, flagged: false });
}

export function allStepsValid(context: Pick<WizardContext, 'steps'>): boolean {
  return context.steps.length > 0 && context.steps.every((step) => step.valid);
}

const currentStep = (context: WizardContext) => context.steps[context.currentIndex];

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    /** `startAt`: the step whose address the user opened. */
    input: {} as { stepIds: readonly string[]; startAt?: string },
  },
  actors: {
    loadProgress: fromPromise<WizardProgress>(async () => {
      throw new Error('loadProgress is provided by the host');
    }),
    saveStep: fromPromise<SaveStepOutput, SaveStepInput>(async () => {
      throw new Error('saveStep is provided by the host');
    }),
    submit: fromPromise<unknown>(async () => {
      throw new Error('submit is provided by the host');
    }),
  },
  guards: {
    isReadOnly: (_, progress: WizardProgress) => progress.mode === 'readOnly',
    /** In resubmission a step without flags has nothing to save: moving on needs no save. */
    nothingToSave: ({ context }) => context.mode === 'resubmission' && !currentStep(context)?.flagged,
    mayEdit: ({ context }) => context.mode === 'edit' || (context.mode === 'resubmission' && Boolean(currentStep(context)?.flagged)),
    hasPrevious: ({ context }) => context.currentIndex > 0,
    mayGoTo: ({ context, event }) => {
      if (event.type !== 'wizard.go-to') return false;
      const target = context.stepIds.indexOf(event.stepId);
      if (target < 0) return false;
      // Back freely; forward only when every step before the target is valid.
      return target <= context.currentIndex || context.steps.slice(0, target).every((step) => step.valid);
    },
    allValid: ({ context }) => allStepsValid(context),
    advanceWithinSteps: ({ context }) => Boolean(currentStep(context)?.valid) && context.currentIndex < context.stepIds.length - 1,
    finishLastStep: ({ context }) => context.currentIndex === context.stepIds.length - 1 && allStepsValid(context),
    intendsNext: ({ context }) => context.pending?.intent === 'next',
  },
  actions: {
    applyProgress: assign(({ context }, progress: WizardProgress) => {
      const steps = mergeSteps(context.stepIds, progress.steps);
      const currentIndex = openingIndex(context.stepIds, steps, progress.mode, context.requestedStepId);
      return { steps, mode: progress.mode, flags: progress.flags, currentIndex, requestedStepId: null, error: null };
    }),
    applySaved: assign(({ context }, output: SaveStepOutput) => ({ steps: mergeSteps(context.stepIds, output.steps), error: null })),
    rememberSave: assign(({ context, event }) => {
      if (event.type !== 'wizard.save' && event.type !== 'wizard.next') return {};
      const stepId = context.stepIds[context.currentIndex] ?? '';
      return { pending: { stepId, data: event.data ?? {}, intent: event.type === 'wizard.next' ? ('next' as const) : ('stay' as const) } };
    }),
    clearPending: assign({ pending: null }),
    /** Reloading keeps the user on the step they are on (when it is still open to them). */
    requestCurrentStep: assign({ requestedStepId: ({ context }) => context.stepIds[context.currentIndex] ?? null }),
    goForward: assign({ currentIndex: ({ context }) => Math.min(context.currentIndex + 1, context.stepIds.length - 1) }),
    goBack: assign({ currentIndex: ({ context }) => Math.max(context.currentIndex - 1, 0) }),
    goTo: assign({ currentIndex: ({ context, event }) => (event.type === 'wizard.go-to' ? context.stepIds.indexOf(event.stepId) : context.currentIndex) }),
    // Error events (xstate.error.actor.*) are not in WizardEvent; their payload is read loosely.
    rememberError: assign({ error: ({ event }) => errorMessage((event as unknown as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'wizard',
  description:
    'A step-by-step application (the KYC wizard): save each step as a draft, resume where left, submit when every step is valid, resubmit only what was flagged',
  context: ({ input }) => ({
    stepIds: [...input.stepIds],
    steps: mergeSteps(input.stepIds, []),
    currentIndex: 0,
    mode: 'edit',
    flags: NO_FLAGS,
    pending: null,
    requestedStepId: input.startAt ?? null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        onDone: [
          {
            guard: { type: 'isReadOnly', params: ({ event }) => event.output },
            target: 'locked',
            actions: { type: 'applyProgress', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'applyProgress', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberError' },
      },
    },
    loadFailed: { on: { 'wizard.retry': { target: 'loading', actions: 'clearError' } } },
    /** Submitted, under review or decided: nothing to edit until the status changes. */
    locked: { on: { 'wizard.reload': 'loading' } },
    editing: {
      on: {
        'wizard.save': { guard: 'mayEdit', target: 'saving', actions: 'rememberSave' },
        'wizard.next': [
          { guard: 'nothingToSave', target: 'advancing' },
          { guard: 'mayEdit', target: 'saving', actions: 'rememberSave' },
        ],
        'wizard.back': { guard: 'hasPrevious', actions: 'goBack' },
        'wizard.go-to': { guard: 'mayGoTo', actions: 'goTo' },
        'wizard.submit': { guard: 'allValid', target: 'submitting' },
        'wizard.reload': { target: 'loading', actions: 'requestCurrentStep' },
      },
    },
    saving: {
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({ stepId: context.pending?.stepId ?? '', data: context.pending?.data }),
        onDone: [
          { guard: 'intendsNext', target: 'advancing', actions: [{ type: 'applySaved', params: ({ event }) => event.output }, 'clearPending'] },
          { target: 'editing', actions: [{ type: 'applySaved', params: ({ event }) => event.output }, 'clearPending'] },
        ],
        onError: { target: 'saveFailed', actions: 'rememberError' },
      },
    },
    saveFailed: {
      on: {
        'wizard.retry': { target: 'saving', actions: 'clearError' },
        'wizard.dismiss': { target: 'editing', actions: ['clearError', 'clearPending'] },
      },
    },
    /** Decides where "next" leads once the step is saved: forward when valid, submit after a valid last step. */
    advancing: {
      always: [
        { guard: 'advanceWithinSteps', target: 'editing', actions: 'goForward' },
        { guard: 'finishLastStep', target: 'submitting' },
        { target: 'editing' },
      ],
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        onDone: 'submitted',
        onError: { target: 'submitFailed', actions: 'rememberError' },
      },
    },
    submitFailed: {
      on: {
        'wizard.retry': { target: 'submitting', actions: 'clearError' },
        'wizard.dismiss': { target: 'editing', actions: 'clearError' },
      },
    },
    submitted: { type: 'final' },
  },
});
