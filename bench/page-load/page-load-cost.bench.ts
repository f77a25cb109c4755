import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PROVIDER_ADMIN, signInAs } from '../../e2e/export-support/api';

// What one page load costs the machine in the browser suite (issue 36, "CI time"): the CPU of the whole
// machine (user + system + irq, from /proc/stat, so Chromium's renderers count even once init has reaped
// them) per load, for the ways a test reaches a screen:
//   fresh context    a new browser context and page, the session through the API, then the screen (each test's start)
//   sign-in page     a new context and page showing the sign-in page only (no session)
//   new page         another page of an open, signed-in context, then the screen
//   page.goto        a full load of another screen in the same page
//   in the app       a menu click: the screen opened inside the running app
// Rounds alternate the kinds so a machine's drift spreads over all of them. Meant for a quiet machine: the
// machine's CPU includes whatever else runs (the load average is printed at the start and end).
//   BENCH_LOADS (default 6 per kind and round), BENCH_ROUNDS (default 2)

const LOADS = Number(process.env.BENCH_LOADS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** Busy CPU ticks of the whole machine (hundredths of a second): user, nice, system, irq, softirq, steal. */
function busyTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq! + steal!;
}

async function screenShown(page: Page) {
  await expect(page.getByRole('table').getByRole('row').nth(5)).toBeVisible();
}

async function signedInPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, PROVIDER_ADMIN);
  return page;
}

const KINDS: Record<string, (browser: Browser, open: Page) => Promise<void>> = {
  'fresh context': async (browser) => {
    const page = await signedInPage(browser);
    await page.goto('/transactions');
    await screenShown(page);
    await page.context().close();
  },
  'sign-in page': async (browser) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/transactions');
    await expect(page.getByLabel('Password')).toBeVisible();
    await context.close();
  },
  'new page': async (_browser, open) => {
    const page = await open.context().newPage();
    await page.goto('/transactions');
    await screenShown(page);
    await page.close();
  },
  'page.goto': async (_browser, open) => {
    const next = new URL(open.url()).pathname === '/transactions' ? '/merchants' : '/transactions';
    await open.goto(next);
    await screenShown(open);
  },
  'in the app': async (_browser, open) => {
    const toMerchants = new URL(open.url()).pathname === '/transactions';
    await open
      .getByRole('link', { name: toMerchants ? 'Merchants' : 'View transactions' })
      .first()
      .click();
    await expect(open).toHaveURL(toMerchants ? /\/merchants/ : /\/transactions/);
    await screenShown(open);
  },
};

test('the machine CPU of one page load, by the way a test reaches a screen', async ({ browser }) => {
  const open = await signedInPage(browser);
  await open.goto('/transactions');
  await screenShown(open);
  const spent = new Map<string, { cpu: number; wall: number; loads: number }>();
  const load = loadavg()[0]!.toFixed(1);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, once] of Object.entries(KINDS)) {
      const ticks = busyTicks();
      const started = Date.now();
      for (let index = 0; index < LOADS; index++) await once(browser, open);
      const total = spent.get(kind) ?? { cpu: 0, wall: 0, loads: 0 };
      spent.set(kind, { cpu: total.cpu + (busyTicks() - ticks) / 100, wall: total.wall + (Date.now() - started) / 1000, loads: total.loads + LOADS });
    }
  }
  console.log(`page loads, ${ROUNDS} rounds of ${LOADS} each, load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end:`);
  for (const [kind, { cpu, wall, loads }] of spent)
    console.log(`  ${kind.padEnd(14)} ${(cpu / loads).toFixed(2)} s of machine CPU per load, ${(wall / loads).toFixed(2)} s wall`);
});
