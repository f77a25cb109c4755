import { expect, test, type Page } from '@playwright/test';
import { BACKOFFICE_API, MERCHANT_HEADER } from '../contract/product';
import { REFUND_APPROVAL_LABELS_EN, REFUND_STATE_LABELS_EN, type RefundApprovalStatus, type RefundState } from '../contract/refunds';
import { refundApprovalMachine, type RefundApprovalEvent } from '../machines/refund-approval.machine';
import { excuseUncovered } from '../testing/model/coverage-record';
import { byStateValue, formatEvent, machinePaths, stateCoverage, type MachinePath } from '../testing/model/machine-paths';
import { createModelDriver } from '../testing/model/model-driver';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

/*
 * Model-based paths through the refund approval machine (decision 0230), generated from the real
 * machine and driven through the refund management screen over a demo database of its own: each
 * path starts with a fresh request of a property operations user on its own paid order, with an
 * amount that makes the rule ask for the approvals the path gives (and a declined test amount
 * when the path ends in a decline); the merchant admin gives the first approval, the property
 * manager the second, the merchant admin rejects, a provider admin overrides.
 */
// Enough paid card payments for one whole order per path besides the demo's own refunds: the shared
// demo's volume, whose template the shards seed anyway (scripts/e2e-shards.mjs).
const server = usePrivateServer(40, { FOLIO_SEED_ORDERS: '5000' });
test.describe.configure({ mode: 'serial' });

const MERCHANT_ADMIN = 'merchantadmin@demo.folio.test';
const MANAGER = 'propertymanager@demo.folio.test';
const OPERATIONS = 'propertyoperations@demo.folio.test';
type Machine = typeof refundApprovalMachine;

// What a user does in each status; the acquirer's answers are the environment's. Rules here ask at most two approvals.
function eventsAt(snapshot: ReturnType<Machine['getInitialSnapshot']>): RefundApprovalEvent[] {
  const { approval } = snapshot.value as { approval: RefundApprovalStatus };
  const approvals: RefundApprovalEvent[] =
    approval === 'Pending'
      ? [
          { type: 'refund.approve', approvalsGiven: 1, approvalsRequired: 1 },
          { type: 'refund.approve', approvalsGiven: 1, approvalsRequired: 2 },
        ]
      : [{ type: 'refund.approve', approvalsGiven: 2, approvalsRequired: 2 }];
  return [
    ...approvals,
    { type: 'refund.reject' },
    { type: 'refund.override' },
    { type: 'refund.submit' },
    { type: 'acquirer.succeeded' },
    { type: 'acquirer.declined' },
  ];
}

const paths = machinePaths(refundApprovalMachine, { events: eventsAt, serialize: byStateValue, cover: 'transitions', environment: false });

/** The refund the path needs: two approvals when it gives two, declined when it ends declined (demo amounts ending in 53). */
function amountFor(path: MachinePath<Machine>): number {
  const two = path.steps.some((step) => step.event.type === 'refund.approve' && (step.event as { approvalsRequired: number }).approvalsRequired === 2);
  const declined = path.steps.some((step) => step.event.type === 'acquirer.declined');
  return (two ? 8_000 : 3_000) + (declined ? 53 : 0);
}

let orders: Array<{ id: number; merchantId: string; currency: string; referenceNo: string }> = [];
let current = '';

async function openRequest(page: Page, as: string) {
  await signInAs(page, as);
  await page.goto('/refund-management');
  await page.getByRole('radio', { name: 'All refunds' }).click();
  await page.getByRole('button', { name: current, exact: true }).first().click();
  await expect(page.getByTestId('refund-detail')).toBeVisible();
}

async function decide(page: Page, as: string, decision: 'Approve' | 'Reject' | 'Override rejection', reason?: string) {
  await openRequest(page, as);
  await page.getByTestId('refund-detail').getByRole('button', { name: decision, exact: true }).click();
  const confirm = page.getByTestId('confirm-dialog');
  if (reason) await confirm.getByLabel('Reason').fill(reason);
  await confirm.getByRole('button', { name: decision, exact: true }).click();
  await expect(confirm).toBeHidden();
}

// The server hands an approved refund to the acquirer and records its answer within the request
// of the last approval (decision 0230): the steps in between are not on any screen.
const insideTheApproval = () => undefined;
const approvedStatuses: RefundApprovalStatus[] = ['Approved', 'ApprovedOverridden'];

const approvalAssertions = Object.fromEntries(
  (Object.keys(REFUND_APPROVAL_LABELS_EN) as RefundApprovalStatus[]).map((status) => [
    `approval.${status}`,
    (page: Page) => expect(page.getByTestId('refund-approval-status')).toHaveText(REFUND_APPROVAL_LABELS_EN[status]),
  ]),
);
const stateAssertions = Object.fromEntries(
  (Object.keys(REFUND_STATE_LABELS_EN) as RefundState[]).map((state) => [
    `refund.${state}`,
    async (page: Page, snapshot: { value: unknown }) => {
      const { approval } = snapshot.value as { approval: RefundApprovalStatus };
      if ((state === 'Created' && approvedStatuses.includes(approval)) || state === 'Accepted') return insideTheApproval();
      await expect(page.getByTestId('refund-state')).toHaveText(REFUND_STATE_LABELS_EN[state]);
    },
  ]),
);

const driver = createModelDriver<Page>(refundApprovalMachine, {
  states: { ...approvalAssertions, ...stateAssertions },
  events: {
    'refund.approve': (page, event) =>
      decide(page, (event as unknown as { approvalsGiven: number }).approvalsGiven === 1 ? MERCHANT_ADMIN : MANAGER, 'Approve'),
    'refund.reject': (page) => decide(page, MERCHANT_ADMIN, 'Reject', 'the guest stayed all nights'),
    'refund.override': (page) => decide(page, PROVIDER_ADMIN, 'Override rejection', 'the guest sent proof of the early check-out'),
    'refund.submit': insideTheApproval,
    'acquirer.succeeded': insideTheApproval,
    'acquirer.declined': insideTheApproval,
    'acquirer.pending': () => {
      throw new Error('the demo acquirer answers at once; no path here should contain a pending answer');
    },
    'acquirer.partial': () => {
      throw new Error('the demo acquirer refunds all or nothing; no path here should contain a partial answer');
    },
    'acquirer.changed': () => {
      throw new Error('the demo acquirer never corrects a refund later; no path here should contain a change');
    },
  },
});

// What no browser path takes, and why (reported by npm run test:model).
const demoAcquirer =
  'the demo acquirer answers at once and all or nothing (server/orders/acquirer.ts); a real acquirer adapter would drive it; the machine test covers it (machines/refund-approval.machine.test.ts)';
excuseUncovered(refundApprovalMachine, {
  'approval.PartiallyApproved|refund.approve|1':
    'rules ask at most two approvals, so a second approval always completes; the guard is covered by machines/refund-approval.machine.test.ts',
  'refund.Accepted|acquirer.pending|0': demoAcquirer,
  'refund.Accepted|acquirer.partial|0': demoAcquirer,
  'refund.Pending|acquirer.succeeded|0': demoAcquirer,
  'refund.Pending|acquirer.declined|0': demoAcquirer,
  'refund.Pending|acquirer.partial|0': demoAcquirer,
  'refund.Completed|acquirer.changed|0': demoAcquirer,
  'refund.PartiallyAccepted|acquirer.changed|0': demoAcquirer,
  'refund.Pending': demoAcquirer,
  'refund.PartiallyAccepted': demoAcquirer,
  'refund.Changed': demoAcquirer,
});

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage({ baseURL: server.baseURL });
  await signInAs(page, MERCHANT_ADMIN);
  const api = await apiOf(page);
  const rule = { currency: 'EUR', autoApproveUpToMinor: 1_000, twoApprovalsAboveMinor: 5_000, approverRoles: ['MerchantAdmin', 'PropertyManager'] };
  await api.post(`${BACKOFFICE_API}/refunds/rules`, { merchantId: null, rule });
  const rows = (await api.allOrders({ filters: { statuses: ['Paid'], paymentTypes: ['PN'], amountMin: 10_000 }, sorting: [] })) as unknown as typeof orders;
  // Orders the demo's own refunds (seed-refunds.ts) already use are left out: each path starts from a whole order.
  const seeded = (await api.post(`${BACKOFFICE_API}/refunds/requests/search`, { pagination: { page: 0, pageSize: 100 } })) as {
    items: Array<{ orderId: number }>;
  };
  const taken = new Set(seeded.items.map((item) => item.orderId));
  orders = rows.filter((row) => row.currency === 'EUR' && !taken.has(row.id));
  await page.close();
});

test('the planned paths visit every state the demo acquirer can reach', () => {
  expect(stateCoverage(refundApprovalMachine, paths).missing.sort()).toEqual(['refund.Changed', 'refund.PartiallyAccepted', 'refund.Pending']);
});

for (const [index, path] of paths.entries()) {
  test(`path ${index + 1}: ${path.steps.map((step) => formatEvent(step.event)).join(' → ') || 'no decision'}`, async ({ page }) => {
    const order = orders[index];
    if (!order) throw new Error('not enough paid orders in the demo');
    current = order.referenceNo;
    await signInAs(page, OPERATIONS);
    const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
    const created = await page.request.post(`${BACKOFFICE_API}/refunds/requests`, {
      headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: order.merchantId },
      data: { merchantId: order.merchantId, orderId: order.id, amountMinor: amountFor(path), currency: order.currency, reason: 'model path' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await openRequest(page, MERCHANT_ADMIN);
    await driver.run(page, path);
  });
}
