import { expect, test, type Page, type Route } from './support/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { activePropertyMachine } from '../machines/active-property.machine';
import { machinePaths, type EnvironmentEvent, type MachinePath } from '../testing/model/machine-paths';
import { excuseUncovered } from '../testing/model/coverage-record';
import { coveringPaths } from '../testing/model/transition-coverage';
import { createModelDriver, requiredDriverKeys, type ModelDriverMap } from '../testing/model/model-driver';
import { DEMO_PASSWORD as PASSWORD } from '../server/demo/demo-layout';

/*
 * Model-based tests of the active property (spec 4): paths come from the real machine and are walked
 * in Chromium through the real shell and server, as the merchant admin of the Active demo group.
 * The two list requests are held at the network: a `done` event lets the real server answer (or
 * answers an empty list when the path's sample is empty), an `error` event answers with a failure.
 */

const EMAIL = 'merchantadmin@demo.folio.test';
const STORAGE_KEY = 'folio.active-property';
type Held = 'list' | 'statuses';

// Sample ids stand for the seeded properties in list order; the screen shows the seeded names.
const NAMES: Record<string, string> = { p1: 'Harbour View Hotel', p2: 'Canal House Amsterdam', p3: 'Dune Resort Scheveningen', p4: 'City Lights Rotterdam' };
const SAMPLE_LIST = Object.keys(NAMES).map((merchantId) => ({ merchantId, merchantGroupId: 'g', name: NAMES[merchantId], currency: 'EUR' }));
const SAMPLE_STATUSES = [
  { merchantId: 'p1', status: 'Inactive' },
  { merchantId: 'p2', status: 'Active' },
  { merchantId: 'p3', status: 'Active' },
  { merchantId: 'p4', status: 'PendingReview' },
];

class RequestGate {
  private held = new Map<Held, Route[]>();

  async install(page: Page): Promise<void> {
    const hold = (kind: Held) => (route: Route) => void (this.held.get(kind) ?? this.held.set(kind, []).get(kind))?.push(route);
    await page.route(/\/payment-api\/v2\/merchant-scopes\/[0-9a-f-]{36}\/properties$/, hold('list'));
    await page.route(/\/payment-api\/v2\/merchants\/status$/, hold('statuses'));
  }

  pending(kind: Held): number {
    return this.held.get(kind)?.length ?? 0;
  }

  async take(kind: Held): Promise<Route> {
    await expect.poll(() => this.pending(kind), { message: `the app should be waiting for ${kind}` }).toBeGreaterThan(0);
    return this.held.get(kind)?.shift() as Route;
  }
}

const failWith = (detail: string) => ({
  status: 503,
  contentType: 'application/problem+json',
  body: JSON.stringify({ type: 'https://folio.test/problems/simulated', title: 'Simulated failure', status: 503, detail }),
});

function driverFor(gate: RequestGate): ModelDriverMap {
  const greeting = (page: Page) => page.getByTestId('user-greeting');
  const noProperty = async (page: Page) => {
    await expect(greeting(page)).toContainText('No property selected');
  };
  // While the lists are read the top bar says so (decision 0340), rather than that there is no property.
  const stillReading = async (page: Page) => {
    await expect(page.getByTestId('active-property-name')).toHaveText('Loading…');
  };
  const waitingFor = (kind: Held) => async (page: Page) => {
    await stillReading(page);
    await expect.poll(() => gate.pending(kind)).toBeGreaterThan(0);
  };
  const answered = (kind: Held) => async (page: Page) => {
    await stillReading(page);
    expect(gate.pending(kind)).toBe(0);
  };
  const signOut = async (page: Page) => {
    await greeting(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  };
  return {
    states: {
      idle: async (page) => {
        await expect(page).toHaveURL(/\/sign-in/);
        expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
      },
      'loading.list.fetching': waitingFor('list'),
      'loading.list.done': answered('list'),
      'loading.statuses.fetching': waitingFor('statuses'),
      'loading.statuses.done': answered('statuses'),
      ready: async (page, snapshot: AnyMachineSnapshot) => {
        const name = NAMES[snapshot.context.activePropertyId as string];
        await expect(page.getByTestId('active-property-name')).toHaveText(name ?? '');
        expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toMatch(/^[0-9a-f-]{36}$/);
      },
      empty: async (page) => {
        await noProperty(page);
        await greeting(page).click();
        await expect(page.getByTestId('other-hotels')).toHaveCount(0);
        await page.keyboard.press('Escape');
      },
      // Read again in the background: the switcher keeps what it shows until the answer.
      refreshing: async (page) => {
        await expect.poll(() => gate.pending('list')).toBeGreaterThan(0);
        await expect(greeting(page)).toBeVisible();
      },
      failed: async (page) => {
        await noProperty(page);
        await expect(page.getByText('the property list is down (simulated)').or(page.getByText('the status list is down (simulated)'))).toBeVisible();
      },
    },
    events: {
      'activeProperty.start': async (page) => {
        await page.getByLabel('E-mail').fill(EMAIL);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(greeting(page)).toBeVisible();
      },
      'activeProperty.switch': async (page, event) => {
        await greeting(page).click();
        await page
          .getByTestId('other-hotels')
          .getByRole('menuitem', { name: NAMES[event.merchantId as string] })
          .click();
        await expect(page).toHaveURL(/\/property-management$/);
      },
      'activeProperty.clear': signOut,
      // The user comes back to the tab (a changed grants header does the same; users.spec.ts drives that one).
      'activeProperty.refresh': (page) =>
        page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
        }),
      'xstate.done.actor.refreshPropertyList': async (_page, event) => {
        const route = await gate.take('list');
        const sample = (event as EnvironmentEvent).output as unknown[];
        return sample.length ? route.fulfill({ response: await route.fetch() }) : route.fulfill({ json: [] });
      },
      'xstate.error.actor.refreshPropertyList': async () => (await gate.take('list')).fulfill(failWith('the property list is down (simulated)')),
      'xstate.done.actor.loadPropertyList': async (_page, event) => {
        const route = await gate.take('list');
        const sample = (event as EnvironmentEvent).output as unknown[];
        return sample.length ? route.fulfill({ response: await route.fetch() }) : route.fulfill({ json: [] });
      },
      'xstate.done.actor.loadPropertyStatuses': async () => {
        const route = await gate.take('statuses');
        await route.fulfill({ response: await route.fetch() });
      },
      'xstate.error.actor.loadPropertyList': async () => (await gate.take('list')).fulfill(failWith('the property list is down (simulated)')),
      'xstate.error.actor.loadPropertyStatuses': async () => (await gate.take('statuses')).fulfill(failWith('the status list is down (simulated)')),
    },
  };
}

/** What a person can do where: sign in when signed out, switch or sign out once the property is known. */
function userEvents(snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.matches('idle')) return [{ type: 'activeProperty.start', userId: 'me', rememberedId: null } as EventObject];
  if (snapshot.matches('ready'))
    return [{ type: 'activeProperty.switch', merchantId: 'p3' } as EventObject, { type: 'activeProperty.clear' }, { type: 'activeProperty.refresh' }];
  if (snapshot.matches('empty')) return [{ type: 'activeProperty.clear' }, { type: 'activeProperty.refresh' }];
  if (snapshot.matches('failed')) return [{ type: 'activeProperty.clear' }];
  return [];
}

// A vertex is the state plus what the screen shows: which property is active and whether there are any.
const serialize = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, active: snapshot.context.activePropertyId, some: snapshot.context.properties.length > 0 });

function generate(cover: 'states' | 'transitions') {
  return machinePaths(activePropertyMachine, {
    events: userEvents as never,
    environment: { output: { loadPropertyList: [SAMPLE_LIST, []], loadPropertyStatuses: [SAMPLE_STATUSES] } },
    serialize,
    cover,
  });
}

/** A shortest path to every state, then the fewest transition paths that also take every transition they can reach. */
function selectPaths(): Array<MachinePath<typeof activePropertyMachine>> {
  return coveringPaths(activePropertyMachine, generate('states'), generate('transitions'));
}

const paths = selectPaths();

// A pick while a list is on its way (decision 0702): the paths offer the switch where a person sees the active hotel.
excuseUncovered(activePropertyMachine, {
  'loading|activeProperty.switch|0':
    'a hotel picked while the status list is still on its way: driven in the browser by e2e/properties-inactive.spec.ts ("a hotel picked before the property statuses have answered"), the statuses held at the network; covered by machines/active-property.machine.test.ts',
  'refreshing|activeProperty.switch|0':
    'a hotel picked while the list is read again after a grants change or a return to the tab; covered by machines/active-property.machine.test.ts ("takes a hotel picked while the list is read again")',
});

test('the selected paths visit every state and perform every event the machine handles', () => {
  const performed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
  expect(requiredDriverKeys(activePropertyMachine).events.filter((type) => !performed.has(type))).toEqual([]);
  const reached = new Set(paths.flatMap((path) => path.targetStateKeys));
  for (const state of ['ready', 'empty', 'failed'])
    expect(
      [...reached].some((key) => key === state),
      state,
    ).toBe(true);
});

for (const path of paths) {
  test(`active property: ${path.description}`, async ({ page }) => {
    const gate = new RequestGate();
    const driver = createModelDriver(activePropertyMachine, driverFor(gate), {
      reset: async (target: Page) => {
        await gate.install(target);
        await target.goto('/sign-in');
        await target.evaluate((key) => localStorage.removeItem(key), STORAGE_KEY);
      },
    });
    await driver.run(page, path);
  });
}
