import { describe, expect, it } from 'vitest';
import { byStateValue, machinePaths, type EnvironmentEvent } from '../../testing/model/machine-paths';
import { assertDriverComplete, createModelDriver, findDriverGaps, requiredDriverKeys, runPath, type ModelDriverMap } from '../../testing/model/model-driver';
import { orderFixtureMachine } from './fixtures/order.machine';

/** Stands in for a Playwright page: records what the driver asked of the UI. */
class FakePage {
  log: string[] = [];
}

const record = (what: string) => (page: FakePage) => {
  page.log.push(what);
};

function completeMap(): ModelDriverMap<FakePage> {
  const { states, events } = requiredDriverKeys(orderFixtureMachine);
  return {
    states: Object.fromEntries(states.map((key) => [key, record(`see ${key}`)])),
    events: Object.fromEntries(events.map((type) => [type, record(`do ${type}`)])),
  };
}

describe('model driver completeness', () => {
  it('requires every leaf state except transient ones, and every user and environment event', () => {
    expect(requiredDriverKeys(orderFixtureMachine)).toEqual({
      states: [
        'viewing',
        'editing.lines.empty',
        'editing.lines.filled',
        'editing.notes.hidden',
        'editing.notes.shown',
        'saving',
        'failed',
        'done',
        'cancelled',
      ],
      events: [
        'CANCEL',
        'EDIT',
        'SUBMIT',
        'TOUCH',
        'ADD_LINE',
        'DISCARD',
        'TOGGLE_NOTES',
        'RETRY',
        'xstate.done.actor.save',
        'xstate.error.actor.save',
        'xstate.after.30000.orderFixture.failed',
        'xstate.after.autoRetry.orderFixture.failed',
      ],
    });
  });

  it('accepts a complete map', () => {
    expect(() => assertDriverComplete(orderFixtureMachine, completeMap())).not.toThrow();
    expect(findDriverGaps(orderFixtureMachine, completeMap())).toEqual({
      missingStates: [],
      missingEvents: [],
      unknownStates: [],
      unknownEvents: [],
    });
  });

  it('lists missing and unknown states and events', () => {
    const map = completeMap();
    delete map.states['failed'];
    delete map.events['xstate.after.30000.orderFixture.failed'];
    delete map.events['RETRY'];
    map.states['editing.summary'] = record('see summary');
    map.events['ARCHIVE'] = record('archive');
    expect(() => assertDriverComplete(orderFixtureMachine, map)).toThrow(
      [
        'Model driver for machine "orderFixture" does not match the machine:',
        '  missing state assertion: "failed"',
        '  missing event performer: "RETRY"',
        '  missing event performer: "xstate.after.30000.orderFixture.failed"',
        '  state "editing.summary" is not in the machine',
        '  event "ARCHIVE" is not handled by the machine',
      ].join('\n'),
    );
  });

  it('optional assertions for compound states are accepted', () => {
    const map = completeMap();
    map.states['editing'] = record('see editor');
    expect(findDriverGaps(orderFixtureMachine, map).unknownStates).toEqual([]);
  });

  it('createModelDriver refuses an incomplete map before running anything', () => {
    const map = completeMap();
    delete map.states['done'];
    expect(() => createModelDriver(orderFixtureMachine, map)).toThrow('missing state assertion: "done"');
  });
});

describe('runPath', () => {
  const paths = machinePaths(orderFixtureMachine, {
    events: [{ type: 'EDIT' }, { type: 'ADD_LINE' }, { type: 'SUBMIT' }, { type: 'CANCEL' }],
    environment: { output: { save: [{ id: 'order-1' }] } },
    serialize: byStateValue,
  });
  const toDone = paths.find((p) => p.targetStateKeys.includes('done'));

  it('resets, checks the initial screen, then performs each event and checks every active state', async () => {
    if (!toDone) throw new Error('no path to done');
    const map = completeMap();
    map.states['editing'] = record('see editor');
    let output: unknown;
    map.events['xstate.done.actor.save'] = (page, event) => {
      output = (event as EnvironmentEvent).output;
      page.log.push('server answers');
    };
    const page = new FakePage();
    await createModelDriver(orderFixtureMachine, map, { reset: record('reset') }).run(page, toDone);
    expect(page.log).toEqual([
      'reset',
      'see viewing',
      'do EDIT',
      'see editor',
      'see editing.lines.empty',
      'see editing.notes.hidden',
      'do ADD_LINE',
      'see editor',
      'see editing.lines.filled',
      'see editing.notes.hidden',
      'do SUBMIT',
      'see saving',
      'server answers',
      'see done',
    ]);
    expect(output).toEqual({ id: 'order-1' });
  });

  it('names the path and step when the UI does not match', async () => {
    if (!toDone) throw new Error('no path to done');
    const map = completeMap();
    map.states['saving'] = () => {
      throw new Error('spinner not visible');
    };
    await expect(runPath(new FakePage(), toDone, map)).rejects.toThrow(
      'step 3/4 (SUBMIT) of "reaches done via EDIT → ADD_LINE → SUBMIT → done(save, {"id":"order-1"})", checking the screen: spinner not visible',
    );
  });
});
