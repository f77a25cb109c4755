import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PropertyStatusEntry, ScopedProperty } from '../contract/properties';
import { activePropertyMachine, pickActiveProperty } from './active-property.machine';

// Fake actors stand in for the API (a unit test of the machine); the real ones run in
// e2e/active-property-model.spec.ts and e2e/shell.spec.ts through the browser.
const GROUP = '00000000-0000-4000-8000-0000000000aa';
const property = (n: number, name: string): ScopedProperty => ({
  merchantId: `00000000-0000-4000-8000-00000000000${n}`,
  merchantGroupId: GROUP,
  name,
  currency: 'EUR',
});
const harbour = property(1, 'Harbour View Hotel');
const canal = property(2, 'Canal House Amsterdam');
const dune = property(3, 'Dune Resort Scheveningen');
const status = (p: ScopedProperty, value: PropertyStatusEntry['status']): PropertyStatusEntry => ({ merchantId: p.merchantId, status: value });

function start(
  options: {
    list?: ScopedProperty[] | Error;
    statuses?: PropertyStatusEntry[] | Error;
    lists?: Array<ScopedProperty[] | Error>;
    /** Held until it settles: the statuses answer later than the list, as on a busy server. */
    statusesAfter?: Promise<void>;
    /** Held until it settles: each list read after the first. */
    refreshAfter?: Promise<void>;
  } = {},
) {
  const persist = vi.fn();
  const forget = vi.fn();
  const navigate = vi.fn();
  const notify = vi.fn();
  const listCalls = vi.fn();
  const answer = <T>(value: T | Error) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));
  const machine = activePropertyMachine.provide({
    actors: {
      loadPropertyList: fromPromise(async ({ input }: { input: { userId: string } }) => {
        listCalls(input.userId);
        if (listCalls.mock.calls.length > 1) await options.refreshAfter;
        // `lists`: one answer per read, in order (the first load, then each refresh).
        const next = options.lists?.[listCalls.mock.calls.length - 1];
        return answer(next ?? options.list ?? [harbour, canal, dune]);
      }),
      loadPropertyStatuses: fromPromise(async () => {
        await options.statusesAfter;
        return answer(options.statuses ?? [status(harbour, 'Inactive'), status(canal, 'Active'), status(dune, 'Active')]);
      }),
    },
    actions: {
      persist: (_, params) => persist(params.merchantId),
      forget: () => forget(),
      navigateToPropertyManagement: () => navigate(),
      notifyLoadError: (_, params) => notify(params.error),
    },
  });
  const actor = createActor(machine).start();
  return { actor, persist, forget, navigate, notify, listCalls };
}

describe('pickActiveProperty (spec 4)', () => {
  it('picks the first property that is not Inactive, else the first', () => {
    expect(pickActiveProperty([harbour, canal, dune], [status(harbour, 'Inactive'), status(canal, 'PendingReview')])).toBe(canal.merchantId);
    expect(pickActiveProperty([harbour, canal], [status(harbour, 'Inactive'), status(canal, 'Inactive')])).toBe(harbour.merchantId);
    expect(pickActiveProperty([], [])).toBeNull();
  });
});

describe('active property statechart', () => {
  it('stays idle until a merchant-side user starts it', () => {
    const { actor, listCalls } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(listCalls).not.toHaveBeenCalled();
  });

  it('loads both lists for the user, then picks the first non-Inactive property and remembers it', async () => {
    const { actor, persist, listCalls } = start();
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(listCalls).toHaveBeenCalledWith('u1');
    expect(actor.getSnapshot().context.activePropertyId).toBe(canal.merchantId);
    expect(persist).toHaveBeenCalledWith(canal.merchantId);
  });

  it('keeps a remembered property that is still listed, even an Inactive one', async () => {
    const { actor, persist } = start();
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: harbour.merchantId });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.activePropertyId).toBe(harbour.merchantId);
    expect(persist).not.toHaveBeenCalled();
  });

  it('replaces a remembered property the user no longer has', async () => {
    const { actor } = start();
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: 'someone-elses' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.activePropertyId).toBe(canal.merchantId);
  });

  it('switches to a listed property and goes to property management; ignores unknown ids', async () => {
    const { actor, persist, navigate } = start();
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'activeProperty.switch', merchantId: dune.merchantId });
    expect(actor.getSnapshot().context.activePropertyId).toBe(dune.merchantId);
    expect(persist).toHaveBeenLastCalledWith(dune.merchantId);
    expect(navigate).toHaveBeenCalledTimes(1);
    actor.send({ type: 'activeProperty.switch', merchantId: 'not-mine' });
    expect(actor.getSnapshot().context.activePropertyId).toBe(dune.merchantId);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('takes a hotel picked while the statuses are still loading, instead of dropping the click', async () => {
    let answerStatuses = () => {};
    const { actor, persist, navigate } = start({ statusesAfter: new Promise<void>((resolve) => (answerStatuses = resolve)) });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: canal.merchantId });
    await waitFor(actor, (snapshot) => snapshot.context.properties.length === 3);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'activeProperty.switch', merchantId: harbour.merchantId });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenLastCalledWith(harbour.merchantId);
    answerStatuses();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    // Harbour View is Inactive; the user chose it, so it is not replaced by the automatic pick.
    expect(actor.getSnapshot().context.activePropertyId).toBe(harbour.merchantId);
  });

  it('takes a hotel picked while the list is read again, and keeps it if the new list has it', async () => {
    let answerRefresh = () => {};
    const { actor, navigate } = start({ refreshAfter: new Promise<void>((resolve) => (answerRefresh = resolve)) });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'activeProperty.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    actor.send({ type: 'activeProperty.switch', merchantId: dune.merchantId });
    expect(navigate).toHaveBeenCalledTimes(1);
    answerRefresh();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.activePropertyId).toBe(dune.merchantId);
  });

  it('notifies once and does not retry when a list fails to load', async () => {
    const failure = new Error('the properties could not be loaded');
    const { actor, notify, listCalls } = start({ statuses: failure });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(notify).toHaveBeenCalledWith(failure);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(listCalls).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.activePropertyId).toBeNull();
  });

  it('has no active property when the user has no properties', async () => {
    const { actor, forget } = start({ list: [], statuses: [] });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: harbour.merchantId });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    expect(actor.getSnapshot().context.activePropertyId).toBeNull();
    expect(forget).toHaveBeenCalled();
  });

  it('clears the active property on sign-out and starts over for the next user', async () => {
    const { actor, forget, listCalls } = start();
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'activeProperty.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ activePropertyId: null, properties: [], userId: null });
    expect(forget).toHaveBeenCalled();
    actor.send({ type: 'activeProperty.start', userId: 'u2', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(listCalls).toHaveBeenLastCalledWith('u2');
  });
});

describe('refreshing the list when the grants change (decision 0311)', () => {
  it('reads the list again on refresh, keeps the active property, and shows a widened scope without starting over', async () => {
    const { actor, listCalls, navigate } = start({ lists: [[canal], [canal, dune]] });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.properties).toEqual([canal]);
    actor.send({ type: 'activeProperty.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(listCalls).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.properties).toEqual([canal, dune]);
    expect(actor.getSnapshot().context.activePropertyId).toBe(canal.merchantId);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('picks another property when the active one is taken away, and empties when all are', async () => {
    const { actor, persist } = start({ lists: [[canal, dune], [dune], []] });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: canal.merchantId });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'activeProperty.refresh' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.activePropertyId).toBe(dune.merchantId);
    expect(persist).toHaveBeenLastCalledWith(dune.merchantId);
    actor.send({ type: 'activeProperty.refresh' });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    expect(actor.getSnapshot().context.activePropertyId).toBeNull();
  });

  it('keeps the list it has when a refresh fails, without a notification', async () => {
    const { actor, notify } = start({ lists: [[canal, dune], new Error('down')] });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'activeProperty.refresh' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.properties).toEqual([canal, dune]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('lets a user with no property yet get one', async () => {
    const { actor } = start({ lists: [[], [dune]] });
    actor.send({ type: 'activeProperty.start', userId: 'u1', rememberedId: null });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'activeProperty.refresh' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.activePropertyId).toBe(dune.merchantId);
  });
});
