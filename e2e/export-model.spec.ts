import { expect, test, type Download, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { EXPORT_MESSAGES } from '../machines/export-rules';
import { SHOWN, shownText } from './export-support/shown-messages';
import { exportTrackerMachine } from '../machines/export-tracker.machine';
import { apiOf, PROVIDER_ADMIN, signInAs, storedExport } from './export-support/api';
import { waitForExportTrackerIdle } from './export-support/toast-log';
import { NetworkGate } from './export-support/network-gate';
import { machinePaths, stableJson, type MachinePath } from '../testing/model/machine-paths';
import { excuseUncovered } from '../testing/model/coverage-record';
import { createModelDriver, requiredDriverKeys, type ModelDriverMap } from '../testing/model/model-driver';

/*
 * Model-based tests of the export lifecycle (spec 4): paths come from the real `exportTracker` machine
 * and are walked in Chromium through the real payouts screen, export toast and server. The browser's
 * start, status and stop calls are held at the network; a `done` event or a progress event lets the
 * held call reach the real server. Two failures cannot be caused honestly from outside (the server
 * never refuses a valid start, and stopping one's own export always succeeds), so `error(start)` and
 * `error(stop)` answer the held call with a 503 problem at the browser: network fault injection, not
 * test-only server code. A failed *export* is real: another client stops the job through the API and
 * the next poll reports Failed "Request cancelled".
 */

const START_CALL = /\/payment-api\/v2\/payouts\/export$/;
const STATUS_CALL = /\/payment-api\/v2\/payouts\/export\/[0-9a-f-]{36}$/;
const STOP_CALL = /\/payment-api\/v2\/payouts\/export\/stop\/[0-9a-f-]{36}$/;
const START_DOWN = 'the export service is unavailable (simulated)';
const STOP_DOWN = 'the stop call failed (simulated)';
const POLLING_MESSAGES = [SHOWN.generating, SHOWN.processing, SHOWN.preparingDownload];
const SAMPLE_TOKEN = 't1';

interface World {
  start: NetworkGate;
  status: NetworkGate;
  stop: NetworkGate;
  downloads: Download[];
}

const toast = (page: Page) => page.getByTestId('export-toast');
const toastMessage = (page: Page) => page.getByTestId('export-toast-message');
const cancelButton = (page: Page) => toast(page).getByRole('button', { name: 'Cancel export' });

async function currentToken(page: Page): Promise<string> {
  const token = (await storedExport(page)).requests[0]?.token;
  if (!token) throw new Error('no tracked export request in export-storage');
  return token;
}

function driverFor(world: World): ModelDriverMap {
  const generating = async (page: Page) => {
    await expect(toast(page)).toHaveAttribute('data-state', 'preparing');
    await expect(toastMessage(page)).toHaveText(SHOWN.generating);
    await expect(cancelButton(page)).toHaveCount(0);
  };
  return {
    states: {
      idle: async (page) => {
        await expect(toast(page)).toHaveCount(0);
        expect((await storedExport(page)).requests).toEqual([]);
        expect(world.downloads.length).toBeLessThanOrEqual(1);
      },
      'starting.calling': async (page) => {
        await generating(page);
        await world.start.waitForHeld();
      },
      'starting.retryWaiting': generating,
      tracking: async (page) => {
        await expect(toast(page)).toHaveAttribute('data-state', /preparing|downloading/);
        expect(POLLING_MESSAGES as readonly string[]).toContain(await toastMessage(page).innerText());
        // Cancel is offered for payout exports while preparing (spec 4).
        if ((await toast(page).getAttribute('data-state')) === 'preparing') await expect(cancelButton(page)).toBeVisible();
        expect((await storedExport(page)).requests).toEqual([expect.objectContaining({ exportType: 'PAYOUT' })]);
      },
      delivered: async (page) => {
        await expect(toast(page)).toHaveAttribute('data-state', 'downloading');
        await expect(toastMessage(page)).toHaveText(SHOWN.ready);
        expect(world.downloads).toHaveLength(1);
        expect((await storedExport(page)).requests).toEqual([]);
      },
      failed: async (page) => {
        await expect(toast(page)).toHaveAttribute('data-state', 'error');
        expect([shownText(START_DOWN), SHOWN.cancelled]).toContain(await toastMessage(page).innerText());
        expect((await storedExport(page)).requests).toEqual([]);
      },
      cancelling: async (page) => {
        await expect(toast(page)).toBeVisible();
        await expect(cancelButton(page)).toHaveCount(0);
        expect(world.stop.holding).toBeGreaterThan(0);
      },
    },
    events: {
      'export.start': async (page) => {
        await page.getByRole('button', { name: 'Export', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: 'CSV' }).check();
        await dialog.getByRole('button', { name: 'Export', exact: true }).click();
        await expect(dialog).toHaveCount(0);
      },
      'xstate.done.actor.start': async () => {
        await world.start.release();
        // The token is known and the first status poll is waiting at the gate.
        await world.status.waitForHeld();
      },
      'xstate.error.actor.start': () => world.start.fail(503, START_DOWN),
      'xstate.after.startRetryDelay.exportTracker.starting.retryWaiting': () => world.start.waitForHeld(5000),
      // Not on the generated paths (see `userEvents`): whether the real job is still running when a poll reaches the
      // server is its own pace (a 720-payout export finishes between two event-loop turns of the one server process,
      // so even the poll sent the moment the token is known was answered Ready in 3 of 10 runs). Progress is covered
      // by machines/export-tracker.machine.test.ts and e2e/export-progress.spec.ts (a 400,000-order export polled while it is written).
      'request.progress': async (page) => {
        await world.status.release();
        await expect(toast(page)).toHaveAttribute('data-export-status', /Starting|Processing|ProcessingReady/);
      },
      'request.ready': async () => {
        await world.status.open();
        await expect.poll(() => world.downloads.length, { timeout: 45_000 }).toBe(1);
      },
      'request.failed': async (page) => {
        // Another client of the same user stops the job; the page learns it from its next poll.
        await (await apiOf(page)).stopPayoutExport(await currentToken(page));
        await world.status.open();
        await expect(toast(page)).toHaveAttribute('data-state', 'error', { timeout: 15_000 });
      },
      'export.cancel': async (page) => {
        await cancelButton(page).click();
        await world.stop.waitForHeld();
      },
      'xstate.done.actor.stop': async (page) => {
        const token = /stop\/([0-9a-f-]{36})$/;
        const answered = page.waitForResponse((response) => STOP_CALL.test(response.url()));
        await world.stop.release();
        const response = await answered;
        expect(response.status()).toBe(200);
        const stopped = token.exec(response.url())?.[1] ?? '';
        expect(await (await apiOf(page)).payoutExportStatus(stopped)).toMatchObject({ statusType: 'Failed', errorMessages: [EXPORT_MESSAGES.cancelled] });
      },
      'xstate.error.actor.stop': async (page) => {
        await world.stop.fail(503, STOP_DOWN);
        await expect(page.getByText(STOP_DOWN)).toBeVisible();
      },
      'xstate.after.readyDisplay.exportTracker.delivered': async (page) => {
        await expect(toast(page)).toHaveCount(0, { timeout: 5000 });
      },
      'xstate.after.errorDisplay.exportTracker.failed': async (page) => {
        await expect(toast(page)).toHaveCount(0, { timeout: 8000 });
      },
      'export.dismiss': async (page) => {
        await toast(page).getByRole('button', { name: 'Dismiss' }).click();
      },
    },
  };
}

/**
 * What a person (or the server, for the request reports) can do where; the sample token matches the start sample.
 * `request.progress` is left out: see its performer.
 */
function userEvents(snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.matches('idle')) return [{ type: 'export.start', exportType: 'PAYOUT', body: {} } as EventObject];
  if (snapshot.matches('tracking'))
    return [
      { type: 'export.cancel' },
      { type: 'request.ready', token: SAMPLE_TOKEN, url: '/file' } as EventObject,
      { type: 'request.failed', token: SAMPLE_TOKEN, message: EXPORT_MESSAGES.cancelled } as EventObject,
    ];
  if (snapshot.matches('failed')) return [{ type: 'export.dismiss' }];
  return [];
}

// One vertex per screen, except that the start's failed attempts count (the 4th failure ends the export).
const serialize = (snapshot: AnyMachineSnapshot) =>
  stableJson({ value: snapshot.value, failures: snapshot.matches('starting') ? snapshot.context.startFailures : 0 });

const environment = { output: { start: [{ token: SAMPLE_TOKEN }], stop: [{ errors: [] }] } };

function selectPaths(): Array<MachinePath<typeof exportTrackerMachine>> {
  const generate = (cover: 'states' | 'transitions') => machinePaths(exportTrackerMachine, { events: userEvents as never, environment, serialize, cover });
  const chosen = generate('states');
  const transitions = generate('transitions').sort((a, b) => a.steps.length - b.steps.length);
  const performed = new Set(chosen.flatMap((path) => path.steps.map((step) => step.event.type)));
  for (const path of transitions) {
    if (path.steps.some((step) => !performed.has(step.event.type))) {
      chosen.push(path);
      path.steps.forEach((step) => performed.add(step.event.type));
    }
  }
  // Start retries exhausted: four failed start calls end in Failed (spec 8).
  const exhausted = transitions.find((path) => path.steps.at(-1)?.event.type === 'xstate.error.actor.start' && path.targetStateKeys.includes('failed'));
  if (exhausted && !chosen.includes(exhausted)) chosen.push(exhausted);
  // A path whose events start another chosen path is walked (and its states asserted) on the way.
  const signature = (path: MachinePath<typeof exportTrackerMachine>) => path.steps.map((step) => stableJson(step.event));
  return chosen.filter((path) => {
    const mine = signature(path);
    return !chosen.some((other) => other !== path && signature(other).length > mine.length && mine.every((event, i) => event === signature(other)[i]));
  });
}

const paths = selectPaths();

// What no browser path of this suite takes, and where it is proven instead (reported by npm run test:model).
excuseUncovered(exportTrackerMachine, {
  'starting|export.start|0':
    'a second export started while one is shown: each browser path starts one export; covered by machines/export-tracker.machine.test.ts ("discards the previous token when a new export starts")',
  'tracking|export.start|0':
    'a second export started while one is shown: each browser path starts one export; covered by machines/export-tracker.machine.test.ts ("discards the previous token when a new export starts")',
  'delivered|export.start|0':
    'a second export started while one is shown: each browser path starts one export; covered by machines/export-tracker.machine.test.ts ("discards the previous token when a new export starts")',
  'failed|export.start|0':
    'a second export started while one is shown: each browser path starts one export; covered by machines/export-tracker.machine.test.ts ("discards the previous token when a new export starts")',
  'starting.calling|xstate.done.actor.start|1':
    'the start call answering without a token: the real server always answers a token or an error; covered by machines/export-tracker.machine.test.ts ("fails with \'failed to generate export token\' when the answer has no token")',
  'starting.calling|xstate.done.actor.start|2':
    'the start call answering without a token: the real server always answers a token or an error; covered by machines/export-tracker.machine.test.ts ("fails with \'failed to generate export token\' when the answer has no token")',
  'tracking|request.progress|0':
    'progress reports come from the real export job, whose timing this suite does not control; e2e/export-progress.spec.ts follows a real 400,000-order job through Starting, Processing and Ready in the browser',
  'tracking|request.failed|1':
    'a failure report for a request already removed (a late answer after a cancel); covered by machines/export-tracker.machine.test.ts ("stops each pending token, then removes all requests and hides the loader")',
  'tracking|always|0':
    'a restored toast with no request left to follow; covered by machines/export-tracker.machine.test.ts ("hides a stored toast that has no request left to follow")',
  'delivered|xstate.after.readyDisplay.exportTracker.delivered|0':
    'a file delivered while another request is still tracked: the browser paths track one request; covered by machines/export-tracker.machine.test.ts ("shows each status with its loader message and toast state, downloads once, then hides")',
  'failed|export.dismiss|0':
    'dismissing an error while another request is still tracked: the browser paths track one request; covered by machines/export-tracker.machine.test.ts ("lets the user dismiss an error")',
  'failed|xstate.after.errorDisplay.exportTracker.failed|0':
    'an error shown while another request is still tracked: the browser paths track one request; covered by machines/export-tracker.machine.test.ts ("shows the joined error messages of a Failed export, notifies, removes the request and clears the token")',
});

// A reload in the middle: the machine starts from what export-storage held (a tracked payout request).
const reloadPaths = machinePaths(exportTrackerMachine, {
  events: ((snapshot: AnyMachineSnapshot) => (snapshot.matches('tracking') ? [{ type: 'request.ready', token: SAMPLE_TOKEN, url: '/file' }] : [])) as never,
  environment,
  serialize,
  input: { requests: [{ token: SAMPLE_TOKEN, exportType: 'PAYOUT', ticks: 0, status: 'Starting' }] },
});

test('the generated paths visit every state and perform every event except request.progress', () => {
  const performed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
  expect(requiredDriverKeys(exportTrackerMachine).events.filter((type) => !performed.has(type))).toEqual(['request.progress']);
  const visited = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.visited)));
  for (const state of requiredDriverKeys(exportTrackerMachine).states) expect(visited.has(state), state).toBe(true);
  expect(paths.some((path) => path.steps.filter((step) => step.event.type === 'xstate.error.actor.start').length === 4)).toBe(true);
  expect(reloadPaths.some((path) => path.targetStateKeys.includes('idle'))).toBe(true);
});

async function setUp(page: Page, world: World, options: { reloadMidExport: boolean }) {
  page.on('download', (download) => world.downloads.push(download));
  // The paths walk the polling tracker: live updates stay paused (the stream's route aborted), as they are
  // when the stream is down. With the stream open the status is asked for only when it says so (decision 0530).
  await page.route('**/backoffice/api/v2/live/events*', (route) => route.abort());
  await signInAs(page, PROVIDER_ADMIN);
  await world.start.install();
  await world.status.install();
  await world.stop.install();
  await page.goto('/payouts');
  await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1)).toBeVisible();
  if (!options.reloadMidExport) return;
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click();
  await world.start.release();
  await world.status.waitForHeld();
  await page.reload();
  await world.status.waitForHeld();
}

function newWorld(page: Page): World {
  return {
    start: new NetworkGate(page, START_CALL, 'POST'),
    status: new NetworkGate(page, STATUS_CALL, 'GET'),
    stop: new NetworkGate(page, STOP_CALL, 'POST'),
    downloads: [],
  };
}

for (const path of paths) {
  test(`export: ${path.description}`, async ({ page }) => {
    const world = newWorld(page);
    const driver = createModelDriver(exportTrackerMachine, driverFor(world), { reset: (target: Page) => setUp(target, world, { reloadMidExport: false }) });
    await driver.run(page, path);
  });
}

for (const path of reloadPaths.filter((candidate) => candidate.steps.length > 0)) {
  test(`export after a reload mid-export: ${path.description}`, async ({ page }) => {
    const world = newWorld(page);
    const driver = createModelDriver(exportTrackerMachine, driverFor(world), { reset: (target: Page) => setUp(target, world, { reloadMidExport: true }) });
    await driver.run(page, path);
    await waitForExportTrackerIdle(page);
    expect(world.downloads).toHaveLength(1);
  });
}
