import { assign, fromPromise, setup } from 'xstate';
import type { PropertyStatusEntry, ScopedProperty } from '../contract/properties';

/*
 * The active property (spec 4 "Active property auto-selection", spec 2 "Application shell", spec 7
 * "Answers and errors"): for merchant-side roles, load the user's property list (by userId) and the
 * property status list side by side, once, with no retry. When no property is active (or the remembered
 * one is not in the list) pick the first whose status is not Inactive, else the first. The user menu
 * switches it (then the host goes to property management); sign-out clears it. When the user's grants
 * change (an admin widened or narrowed their scope), the list is read again without a reload (decision
 * 0311). Loading, persisting, navigating and notifying are effects the host provides (src/app/shell/active-property-provider.tsx).
 */

export interface ActivePropertyContext {
  userId: string | null;
  /** The switcher's choices, in list order: the workflow's own working set (docs/decisions/0113). */
  properties: ScopedProperty[];
  statuses: PropertyStatusEntry[];
  activePropertyId: string | null;
}

export type ActivePropertyEvent =
  | { type: 'activeProperty.start'; userId: string; rememberedId: string | null }
  | { type: 'activeProperty.switch'; merchantId: string }
  | { type: 'activeProperty.clear' }
  /** The user's grants changed, or the window came back into view: read the list again (decision 0311). */
  | { type: 'activeProperty.refresh' };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the host`));

/** Spec 4: the first property whose status is not Inactive; otherwise the first in the list. */
export function pickActiveProperty(properties: readonly ScopedProperty[], statuses: readonly PropertyStatusEntry[]): string | null {
  const statusOf = new Map(statuses.map((entry) => [entry.merchantId, entry.status]));
  return (properties.find((property) => statusOf.get(property.merchantId) !== 'Inactive') ?? properties[0])?.merchantId ?? null;
}

const machineSetup = setup({
  types: {} as { context: ActivePropertyContext; events: ActivePropertyEvent },
  actors: {
    loadPropertyList: fromPromise<ScopedProperty[], { userId: string }>(notProvided('loadPropertyList')),
    loadPropertyStatuses: fromPromise<PropertyStatusEntry[]>(notProvided('loadPropertyStatuses')),
  },
  actions: {
    /** Host: remember the active property id so a reload keeps it. */
    persist: (_, _params: { merchantId: string }) => undefined,
    /** Host: forget the remembered id. */
    forget: () => undefined,
    /** Host: go to /property-management after a switch. */
    navigateToPropertyManagement: () => undefined,
    /** Host: a notification with the error's message, or the common "error" text (spec 8). */
    notifyLoadError: (_, _params: { error: unknown }) => undefined,
    reset: assign({ userId: null, properties: [], statuses: [], activePropertyId: null }),
  },
  guards: {
    rememberedIsListed: ({ context }) => context.properties.some((property) => property.merchantId === context.activePropertyId),
    hasProperties: ({ context }) => context.properties.length > 0,
    isListed: ({ context, event }) => event.type === 'activeProperty.switch' && context.properties.some((property) => property.merchantId === event.merchantId),
  },
});

/** A hotel picked in the user menu becomes the active one, is remembered, and property management opens. */
const switchProperty = {
  guard: 'isListed',
  actions: [
    machineSetup.assign({ activePropertyId: ({ event }) => (event.type === 'activeProperty.switch' ? event.merchantId : null) }),
    {
      type: 'persist',
      params: ({ event }: { event: ActivePropertyEvent }) => ({ merchantId: event.type === 'activeProperty.switch' ? event.merchantId : '' }),
    },
    'navigateToPropertyManagement',
  ],
} as const;

export const activePropertyMachine = machineSetup.createMachine({
  id: 'activeProperty',
  description: 'Which property a merchant-side user works on: loaded, picked automatically, switched from the user menu, read again when the grants change',
  initial: 'idle',
  context: { userId: null, properties: [], statuses: [], activePropertyId: null },
  on: {
    'activeProperty.clear': { target: '.idle', actions: ['reset', 'forget'] },
  },
  states: {
    idle: {
      on: {
        'activeProperty.start': {
          target: 'loading',
          actions: assign({ userId: ({ event }) => event.userId, activePropertyId: ({ event }) => event.rememberedId }),
        },
      },
    },
    // Both lists at once; no retry (spec 7): a failure is shown and the switcher stays empty.
    loading: {
      type: 'parallel',
      states: {
        list: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadPropertyList',
                src: 'loadPropertyList',
                input: ({ context }) => ({ userId: context.userId ?? '' }),
                onDone: { target: 'done', actions: assign({ properties: ({ event }) => event.output }) },
                onError: { target: '#activeProperty.failed', actions: { type: 'notifyLoadError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            done: { type: 'final' },
          },
        },
        statuses: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadPropertyStatuses',
                src: 'loadPropertyStatuses',
                onDone: { target: 'done', actions: assign({ statuses: ({ event }) => event.output }) },
                onError: { target: '#activeProperty.failed', actions: { type: 'notifyLoadError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      // The list can be on screen before the statuses answer: a hotel picked then is not dropped.
      on: { 'activeProperty.switch': switchProperty },
      onDone: 'selecting',
    },
    selecting: {
      always: [
        { guard: 'rememberedIsListed', target: 'ready' },
        {
          guard: 'hasProperties',
          target: 'ready',
          actions: [
            assign({ activePropertyId: ({ context }) => pickActiveProperty(context.properties, context.statuses) }),
            { type: 'persist', params: ({ context }) => ({ merchantId: pickActiveProperty(context.properties, context.statuses) ?? '' }) },
          ],
        },
        { target: 'empty', actions: [assign({ activePropertyId: null }), 'forget'] },
      ],
    },
    ready: {
      on: {
        'activeProperty.refresh': 'refreshing',
        'activeProperty.switch': { ...switchProperty, target: 'ready', reenter: true },
      },
    },
    empty: {
      on: { 'activeProperty.refresh': 'refreshing' },
    },
    // The list again, quietly: the switcher keeps showing the old one meanwhile and after a failure.
    refreshing: {
      // The switcher still shows the old list: a hotel picked meanwhile is taken, then checked against the new list.
      on: { 'activeProperty.switch': switchProperty },
      invoke: {
        id: 'refreshPropertyList',
        src: 'loadPropertyList',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: { target: 'selecting', actions: assign({ properties: ({ event }) => event.output }) },
        onError: [{ guard: 'hasProperties', target: 'ready' }, { target: 'empty' }],
      },
    },
    failed: {},
  },
});
