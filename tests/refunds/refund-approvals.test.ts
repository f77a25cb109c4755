import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { RefundRequestDetail, RefundSearchAnswer } from '../../contract/refunds';
import { signIn, startTestApp } from '../support/test-app';
import { paidOrder, refundCalls, refundedOf } from './refund-support';

// Issue 16 / decision 0230 through real HTTP and the real database: rules route requests to the
// right number of approvals, the maker-checker people rules, the refundable amount, the acquirer
// moving money once, and merchant scoping.
const GROUP = 'Lagoon Hotels Group';
let app: FastifyInstance;
let calls: ReturnType<typeof refundCalls>;
const token: Record<string, string> = {};
let skip = 0;
const freshOrder = (captured: number) => paidOrder(app, GROUP, captured, skip++);

beforeAll(async () => {
  app = await startTestApp();
  calls = refundCalls(app);
  for (const role of ['merchantadmin', 'propertymanager', 'propertyoperations', 'folioadmin', 'merchantviewonlyuser', 'createrefundcanceluser'])
    token[role] = (await signIn(app, `${role}@demo.folio.test`)).accessToken;
});
afterAll(async () => app.close());

/** A merchant rule: auto up to 10.00 (daily cap 15.00), one approval above, two above 50.00; MerchantAdmin and PropertyManager approve. */
async function standardRule() {
  const saved = await calls.saveRule(token.merchantadmin!, {
    merchantId: null,
    rule: {
      currency: 'EUR',
      autoApproveUpToMinor: 1_000,
      twoApprovalsAboveMinor: 5_000,
      dailyAutoApproveCapMinor: 1_500,
      approverRoles: ['MerchantAdmin', 'PropertyManager'],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeEach(async () => {
  await app.ctx.db.deleteFrom('refund_requests').execute();
  await app.ctx.db.deleteFrom('refund_rules').execute();
});

describe('refund rules', () => {
  test('saving a merchant rule is audited and readable; inconsistent thresholds are a 400 naming the field', async () => {
    await standardRule();
    const rules = (await calls.searchRules(token.propertyoperations!)).json<{ items: { autoApproveUpToMinor: number; merchantId: string | null }[] }>();
    expect(rules.items).toEqual([expect.objectContaining({ autoApproveUpToMinor: 1_000, merchantId: null, twoApprovalsAboveMinor: 5_000 })]);
    const audited = await app.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'refundRule.%').execute();
    expect(audited.map((row) => row.action)).toContain('refundRule.create');

    const bad = await calls.saveRule(token.merchantadmin!, {
      merchantId: null,
      rule: { currency: 'EUR', autoApproveUpToMinor: 5_000, twoApprovalsAboveMinor: 1_000, dailyAutoApproveCapMinor: 100, approverRoles: ['MerchantAdmin'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'rule.dailyAutoApproveCapMinor',
      'rule.twoApprovalsAboveMinor',
    ]);

    const notAnApprover = await calls.saveRule(token.merchantadmin!, {
      merchantId: null,
      rule: { currency: 'EUR', autoApproveUpToMinor: 0, approverRoles: ['PropertyOperations'] },
    });
    expect(notAnApprover.statusCode).toBe(400);
  });

  test('provider staff name a property of the merchant the rule is for: the rules screen names no merchant for them', async () => {
    const rule = { currency: 'EUR', autoApproveUpToMinor: 0, approverRoles: ['MerchantAdmin' as const] };
    const allProperties = await calls.saveRule(token.folioadmin!, { merchantId: null, rule });
    expect(allProperties.statusCode).toBe(400);
    expect(allProperties.json()).toMatchObject({ code: 'refundRule.merchantRequired', errors: { merchantGroupId: ['name the merchant the rule is for'] } });

    const lagoon = await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', GROUP).executeTakeFirstOrThrow();
    const elsewhere = await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '<>', lagoon.id).executeTakeFirstOrThrow();
    const otherMerchants = await calls.saveRule(token.folioadmin!, { merchantGroupId: lagoon.id, merchantId: elsewhere.id, rule });
    expect(otherMerchants.statusCode).toBe(400);
    expect(otherMerchants.json()).toMatchObject({
      code: 'refundRule.propertyOfAnotherMerchant',
      errors: { merchantId: ['this property belongs to another merchant'] },
    });
  });

  test('a requester cannot change the rules (403): only approvers set what they check', async () => {
    const answer = await calls.saveRule(token.propertyoperations!, {
      merchantId: null,
      rule: { currency: 'EUR', autoApproveUpToMinor: 1_000_000, approverRoles: ['MerchantAdmin'] },
    });
    expect(answer.statusCode).toBe(403);
  });

  test('thresholds route requests: auto-approved and refunded, one approval, two approvals; the daily cap sends the rest to approval', async () => {
    await standardRule();
    const order = await freshOrder(100_000);
    const small = (await calls.request(token.propertyoperations!, order, 800)).json<RefundRequestDetail>();
    expect(small).toMatchObject({ approvalStatus: 'Approved', state: 'Completed', approvalsRequired: 0 });
    expect(small.executions).toEqual([expect.objectContaining({ outcome: 'Succeeded', amountMinor: 800 })]);
    expect(await refundedOf(app, order.id)).toBe(800);

    const middle = (await calls.request(token.propertyoperations!, order, 2_000)).json<RefundRequestDetail>();
    expect(middle).toMatchObject({ approvalStatus: 'Pending', state: 'Created', approvalsRequired: 1 });
    const large = (await calls.request(token.propertyoperations!, order, 6_000)).json<RefundRequestDetail>();
    expect(large).toMatchObject({ approvalStatus: 'Pending', approvalsRequired: 2 });
    // 8.00 already auto-approved today: another 8.00 would pass the 15.00 cap, so it waits for an approval.
    const overCap = (await calls.request(token.propertyoperations!, order, 800)).json<RefundRequestDetail>();
    expect(overCap).toMatchObject({ approvalStatus: 'Pending', approvalsRequired: 1 });
    const withinCap = (await calls.request(token.propertyoperations!, order, 700)).json<RefundRequestDetail>();
    expect(withinCap).toMatchObject({ approvalStatus: 'Approved', state: 'Completed', approvalsRequired: 0 });
    expect(await refundedOf(app, order.id)).toBe(1_500);
  });

  test("a property's own rule replaces the merchant's for that property", async () => {
    await standardRule();
    const order = await freshOrder(100_000);
    const own = await calls.saveRule(token.merchantadmin!, {
      merchantId: order.merchantId,
      rule: { currency: 'EUR', autoApproveUpToMinor: 0, twoApprovalsAboveMinor: 0, approverRoles: ['MerchantAdmin', 'PropertyManager'] },
    });
    expect(own.statusCode, own.body).toBe(200);
    const request = (await calls.request(token.propertyoperations!, order, 100)).json<RefundRequestDetail>();
    expect(request.approvalsRequired).toBe(2);
  });
});

describe('requests and approvals', () => {
  test('two approvals from two people: the requester cannot approve, nobody approves twice, the last approval refunds once', async () => {
    await standardRule();
    const order = await freshOrder(50_000);
    const created = await calls.request(token.merchantadmin!, order, 20_000);
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<RefundRequestDetail>();
    expect(request).toMatchObject({ approvalsRequired: 2, allowedDecisions: [] });

    const own = await calls.approve(token.merchantadmin!, request.id);
    expect(own.statusCode).toBe(403);
    expect(own.json<{ detail: string }>().detail).toMatch(/you requested this refund/);
    // Requesters without the Approve grant are refused by the permission table itself.
    expect((await calls.approve(token.propertyoperations!, request.id)).statusCode).toBe(403);

    const first = await calls.approve(token.propertymanager!, request.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<RefundRequestDetail>()).toMatchObject({ approvalStatus: 'PartiallyApproved', state: 'Created', approvalsGiven: 1 });
    // Having approved, the property manager may still reject, never approve again.
    expect(first.json<RefundRequestDetail>().allowedDecisions).toEqual(['reject']);
    expect(await refundedOf(app, order.id)).toBe(0);

    const twice = await calls.approve(token.propertymanager!, request.id);
    expect(twice.statusCode).toBe(403);
    expect(twice.json<{ detail: string }>().detail).toMatch(/already approved/);

    const admin = await calls.approve(token.folioadmin!, request.id);
    expect(admin.statusCode, admin.body).toBe(403); // FolioAdmin is not among the rule's approver roles
    const second = await calls.approve(token.merchantadmin!, request.id).then(() => calls.get(token.merchantadmin!, request.id));
    // The requester's own second try is still refused; it changes nothing.
    expect(second.json<RefundRequestDetail>().approvalStatus).toBe('PartiallyApproved');

    await app.ctx.db
      .updateTable('refund_requests')
      .set({ approver_roles: ['MerchantAdmin', 'PropertyManager', 'FolioAdmin'] })
      .where('id', '=', request.id)
      .execute();
    const last = await calls.approve(token.folioadmin!, request.id);
    expect(last.statusCode, last.body).toBe(200);
    const done = last.json<RefundRequestDetail>();
    expect(done).toMatchObject({ approvalStatus: 'Approved', state: 'Completed', approvalsGiven: 2 });
    expect(done.approvals.map((approval) => [approval.decision, approval.byEmail])).toEqual([
      ['approve', 'propertymanager@demo.folio.test'],
      ['approve', 'folioadmin@demo.folio.test'],
    ]);
    expect(done.executions).toHaveLength(1);
    expect(await refundedOf(app, order.id)).toBe(20_000);

    const again = await calls.approve(token.merchantadmin!, request.id);
    expect(again.statusCode).toBe(409);
    expect(await refundedOf(app, order.id)).toBe(20_000);
  });

  test('reject with a reason; approving a rejected request is a 409 for approvers; a provider admin overrides with a reason and it completes', async () => {
    await standardRule();
    const order = await freshOrder(30_000);
    const request = (await calls.request(token.propertyoperations!, order, 3_000)).json<RefundRequestDetail>();
    expect((await calls.reject(token.merchantadmin!, request.id, 'x')).statusCode).toBe(400);
    const rejected = await calls.reject(token.merchantadmin!, request.id, 'duplicate of an earlier refund');
    expect(rejected.json<RefundRequestDetail>()).toMatchObject({ approvalStatus: 'Rejected', state: 'Rejected' });
    expect((await calls.reject(token.propertymanager!, request.id, 'again')).statusCode).toBe(409);

    const byMerchant = await calls.approve(token.merchantadmin!, request.id, 'changed my mind');
    expect(byMerchant.statusCode).toBe(403);
    expect(byMerchant.json<{ detail: string }>().detail).toMatch(/provider admin/);
    const withoutReason = await calls.approve(token.folioadmin!, request.id);
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json()).toMatchObject({ code: 'refund.overrideNeedsReason', errors: { reason: ['say why the rejection is overridden'] } });
    const detailForAdmin = (await calls.get(token.folioadmin!, request.id)).json<RefundRequestDetail>();
    expect(detailForAdmin.allowedDecisions).toEqual(['override']);

    const overridden = await calls.approve(token.folioadmin!, request.id, 'guest complaint confirmed by phone');
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json<RefundRequestDetail>()).toMatchObject({ approvalStatus: 'ApprovedOverridden', state: 'Completed' });
    expect(overridden.json<RefundRequestDetail>().approvals.map((approval) => [approval.decision, approval.reason])).toEqual([
      ['reject', 'duplicate of an earlier refund'],
      ['override', 'guest complaint confirmed by phone'],
    ]);
    expect(await refundedOf(app, order.id)).toBe(3_000);
  });

  test('at most captured - refunded - pending: a larger request is a 409, and an approval that would now exceed it is refused', async () => {
    const order = await freshOrder(10_000);
    const pending = (await calls.request(token.propertyoperations!, order, 7_000)).json<RefundRequestDetail>();
    const tooMuch = await calls.request(token.propertyoperations!, order, 3_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ detail: string }>().detail).toMatch(/at most 3000 EUR/);
    expect((await calls.request(token.propertyoperations!, order, 3_000)).statusCode).toBe(201);

    // Rejected, the 70.00 is released; another request takes it; overriding the rejection would now exceed what is left.
    await calls.reject(token.merchantadmin!, pending.id, 'wrong amount');
    const other = (await calls.request(token.propertyoperations!, order, 7_000)).json<RefundRequestDetail>();
    expect(other.approvalStatus).toBe('Pending');
    const override = await calls.approve(token.folioadmin!, pending.id, 'it was right after all');
    expect(override.statusCode).toBe(409);
    expect(override.json<{ detail: string }>().detail).toMatch(/exceed/);
    expect(await refundedOf(app, order.id)).toBe(0);
  });

  test('a declined refund (demo test amount ending in 53) fails, moves nothing and frees the amount', async () => {
    const order = await freshOrder(10_000);
    const request = (await calls.request(token.propertyoperations!, order, 5_053)).json<RefundRequestDetail>();
    const approved = (await calls.approve(token.merchantadmin!, request.id)).json<RefundRequestDetail>();
    expect(approved).toMatchObject({ approvalStatus: 'Approved', state: 'Failed' });
    expect(approved.executions).toEqual([expect.objectContaining({ outcome: 'Declined' })]);
    expect(await refundedOf(app, order.id)).toBe(0);
    expect((await calls.request(token.propertyoperations!, order, 10_000)).statusCode).toBe(201);
  });

  test('view-only roles cannot request (403); requests need an order of the named merchant', async () => {
    const order = await freshOrder(10_000);
    expect((await calls.request(token.merchantviewonlyuser!, order, 100)).statusCode).toBe(403);
    const wrongMerchant = await calls.request(token.propertyoperations!, { ...order, merchantId: '00000000-0000-4000-8000-000000000000' }, 100);
    expect([403, 404]).toContain(wrongMerchant.statusCode);
  });
});

describe('scoping and the table', () => {
  test("another merchant's refunds are invisible: not in the table, 404 on the detail, no approving them", async () => {
    const ours = await freshOrder(10_000);
    const theirs = await paidOrder(app, 'Kastro Island Resorts', 10_000);
    const mine = (await calls.request(token.propertyoperations!, ours, 2_000)).json<RefundRequestDetail>();
    const other = await calls.request(token.folioadmin!, theirs, 2_000);
    expect(other.statusCode, other.body).toBe(201);
    const otherId = other.json<RefundRequestDetail>().id;

    const table = (await calls.search(token.merchantadmin!)).json<RefundSearchAnswer>();
    expect(table.items.map((row) => row.id)).toEqual([mine.id]);
    expect((await calls.get(token.merchantadmin!, otherId)).statusCode).toBe(404);
    expect((await calls.approve(token.merchantadmin!, otherId)).statusCode).toBe(404);
    const all = (await calls.search(token.folioadmin!)).json<RefundSearchAnswer>();
    expect(all.items.map((row) => row.id).sort()).toEqual([mine.id, otherId].sort());
    // The MerchantIds header narrows like the filter, never widens.
    const narrowed = (await calls.search(token.merchantadmin!, {}, { MerchantIds: theirs.merchantId })).json<RefundSearchAnswer>();
    expect(narrowed.items).toEqual([]);
    expect((await calls.search(token.merchantadmin!, {}, { MerchantIds: 'not-a-uuid' })).statusCode).toBe(400);
  });

  test('filters, sorting, paging and the "waiting for me" view', async () => {
    await standardRule();
    const order = await freshOrder(100_000);
    await calls.request(token.propertyoperations!, order, 500); // auto-approved
    const one = (await calls.request(token.propertyoperations!, order, 2_000)).json<RefundRequestDetail>();
    const two = (await calls.request(token.merchantadmin!, order, 6_000)).json<RefundRequestDetail>();
    await calls.approve(token.propertymanager!, two.id);

    const pendingOnly = (await calls.search(token.merchantadmin!, { filters: { approvalStatuses: ['Pending'] } })).json<RefundSearchAnswer>();
    expect(pendingOnly.items.map((row) => row.id)).toEqual([one.id]);
    const completed = (await calls.search(token.merchantadmin!, { filters: { states: ['Completed'] } })).json<RefundSearchAnswer>();
    expect(completed.items.map((row) => row.amountMinor)).toEqual([500]);
    const byAmount = (await calls.search(token.merchantadmin!, { sorting: [{ id: 'amount', desc: true }] })).json<RefundSearchAnswer>();
    expect(byAmount.items.map((row) => row.amountMinor)).toEqual([6_000, 2_000, 500]);
    const range = (await calls.search(token.merchantadmin!, { filters: { amountMin: 1_000, amountMax: 5_000 } })).json<RefundSearchAnswer>();
    expect(range.items.map((row) => row.id)).toEqual([one.id]);
    const byRequester = (await calls.search(token.merchantadmin!, { filters: { requester: 'MERCHANTADMIN@' } })).json<RefundSearchAnswer>();
    expect(byRequester.items.map((row) => row.id)).toEqual([two.id]);
    const paged = (await calls.search(token.merchantadmin!, { pagination: { page: 1, pageSize: 10 } })).json<RefundSearchAnswer>();
    expect(paged).toMatchObject({ items: [], total: 3, page: 1 });
    // By requester, either way: the e-mails in order, the request's id breaking ties in the same direction, every
    // row whole (the page is chosen from the requests before they are joined to their orders).
    for (const desc of [false, true]) {
      const answer = (await calls.search(token.merchantadmin!, { sorting: [{ id: 'requestedBy', desc }] })).json<RefundSearchAnswer>();
      const rows = answer.items;
      expect(rows.map((row) => row.id)).toEqual(
        [...rows]
          .sort(
            (a, b) =>
              (a.requestedByEmail === b.requestedByEmail ? a.id.localeCompare(b.id) : a.requestedByEmail.localeCompare(b.requestedByEmail)) * (desc ? -1 : 1),
          )
          .map((row) => row.id),
      );
      const emails = rows.map((row) => row.requestedByEmail);
      expect(emails).toEqual([...emails].sort((a, b) => (desc ? b.localeCompare(a) : a.localeCompare(b))));
      expect(new Set(rows.map((row) => row.id)).size).toBe(3);
      expect(rows.every((row) => row.orderReference.length > 0 && row.merchantName.length > 0)).toBe(true);
    }

    // Waiting for the merchant admin: not their own request (two), the other one (one) is.
    const forAdmin = (await calls.search(token.merchantadmin!, { filters: { waitingForMe: true } })).json<RefundSearchAnswer>();
    expect(forAdmin.items.map((row) => row.id)).toEqual([one.id]);
    // The property manager already approved `two`: only `one` waits for them.
    const forManager = (await calls.search(token.propertymanager!, { filters: { waitingForMe: true } })).json<RefundSearchAnswer>();
    expect(forManager.items.map((row) => row.id)).toEqual([one.id]);
    const forRequester = (await calls.search(token.propertyoperations!, { filters: { waitingForMe: true } })).json<RefundSearchAnswer>();
    expect(forRequester.items).toEqual([]);
  });
});
