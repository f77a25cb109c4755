import { and, assign, fromPromise, not, setup } from 'xstate';

/**
 * A small order-editing machine exercising what the tooling must handle: nesting, a parallel
 * state, guards (named and composed), delayed and eventless transitions, an invoked actor with
 * onDone/onError, and a final state.
 */
export const orderFixtureMachine = setup({
  types: {} as {
    context: { lines: number; attempts: number; touched: boolean };
    events: { type: 'EDIT' } | { type: 'ADD_LINE' } | { type: 'SUBMIT' } | { type: 'CANCEL' } | { type: 'RETRY' } | { type: 'TOGGLE_NOTES' } | { type: 'DISCARD' } | { type: 'TOUCH' };
  },
  actors: {
    saveOrder: fromPromise<{ id: string }, { lines: number }>(async () => {
      throw new Error('saveOrder is provided by the host');
    }),
  },
  guards: {
    hasLines: ({ context }) => context.lines > 0,
    canRetry: ({ context }) => context.attempts < 2,
    isLocked: () => false,
  },
  delays: { autoRetry: 2000 },
}).createMachine({
  id: 'orderFixture',
  description: 'Editing and saving an order',
  initial: 'viewing',
  context: { lines: 0, attempts: 0, touched: false },
  on: { CANCEL: '.cancelled' },
  states: {
    viewing: { on: { EDIT: 'editing' } },
    editing: {
      type: 'parallel',
      on: {
        SUBMIT: { target: 'saving', guard: and(['hasLines', not('isLocked')]) },
        TOUCH: { actions: assign({ touched: true }) },
      },
      states: {
        lines: {
          initial: 'empty',
          states: {
            empty: { on: { ADD_LINE: { target: 'filled', actions: assign({ lines: ({ context }) => context.lines + 1 }) } } },
            filled: {
              on: {
                ADD_LINE: { actions: assign({ lines: ({ context }) => context.lines + 1 }) },
                DISCARD: { target: '#orderFixture.viewing', actions: assign({ lines: 0 }) },
              },
            },
          },
        },
        notes: {
          initial: 'hidden',
          states: { hidden: { on: { TOGGLE_NOTES: 'shown' } }, shown: { on: { TOGGLE_NOTES: 'hidden' } } },
        },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveOrder',
        input: ({ context }) => ({ lines: context.lines }),
        onDone: 'saved',
        onError: { target: 'failed', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
      },
    },
    failed: {
      after: { autoRetry: { target: 'saving', guard: 'canRetry' }, 30000: 'viewing' },
      on: { RETRY: 'saving' },
    },
    saved: { always: { target: 'done' } },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
