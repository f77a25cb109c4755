import type { FastifyInstance } from 'fastify';
import { merchantEndpoints, type GroupMerchant } from '../../contract/merchants';
import type { PropertyStatus } from '../../contract/properties';
import { audit } from '../audit';
import { canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertMaySee } from '../merchant-groups/group-access';
import { loadGroup } from '../merchant-groups/groups';
import { propertyFacts } from '../properties/property-overview';
import { nextPropertyStatus } from '../../machines/property-lifecycle.machine';

// The merchants (properties, spec 3) of a merchant group as provider staff manage them (spec 7
// "Merchants", issue 17): the group's list, and deactivation and reactivation, each audited with
// the status it left and the reason given in the confirmation.

const MERCHANT_ENTITY = 'merchant';

const columns = ['id', 'merchant_group_id', 'name', 'status', 'active', 'currency', 'created_at'] as const;
type MerchantRow = { id: string; merchant_group_id: string; name: string; status: string; active: boolean; currency: string; created_at: Date };

function answerOf(row: MerchantRow): GroupMerchant {
  return {
    merchantId: row.id,
    merchantGroupId: row.merchant_group_id,
    name: row.name,
    status: row.status as PropertyStatus,
    active: row.active,
    currency: row.currency,
    createdAt: row.created_at.toISOString(),
  };
}

/** The merchant, locked for the change, when the caller may see it; 404 otherwise (its existence is not told). */
async function lockedMerchant(db: Db, caller: Caller, merchantId: string): Promise<MerchantRow> {
  const row = await db.selectFrom('merchants').select(columns).where('id', '=', merchantId).forUpdate().executeTakeFirst();
  if (!row || !canSeeMerchant(caller, row.id)) throw problems.notFound('no such merchant');
  return row;
}

/** The status the property lifecycle (machines/property-lifecycle.machine.ts) leads to, or 409 where it allows no such step. */
async function lifecycleNext(db: Db, row: MerchantRow, action: 'deactivate' | 'reactivate'): Promise<PropertyStatus> {
  const next = nextPropertyStatus(row.status as PropertyStatus, action, await propertyFacts(db, row.id));
  if (!next)
    throw problems.conflict(`${row.name} cannot be ${action}d while it is ${row.status}`).withCode('property.actionNotAllowed', { status: row.status });
  return next;
}

export function registerGroupMerchantRoutes(app: FastifyInstance): void {
  registerEndpoint(app, merchantEndpoints.searchGroupMerchants, async ({ params, caller, ctx }) => {
    assertMaySee(caller, params.merchantGroupId);
    await loadGroup(ctx.db, params.merchantGroupId);
    let query = ctx.db.selectFrom('merchants').select(columns).where('merchant_group_id', '=', params.merchantGroupId);
    if (!isProviderStaff(caller))
      query = query.where('id', 'in', caller.merchantScope.length ? (caller.merchantScope as string[]) : ['00000000-0000-0000-0000-000000000000']);
    const rows = await query.orderBy('position').orderBy('name').orderBy('id').execute();
    return rows.map(answerOf);
  });

  registerEndpoint(app, merchantEndpoints.deactivateMerchant, async ({ params, body, caller, ctx }) => {
    const row = await lockedMerchant(ctx.db, caller, params.id);
    if (row.status === 'Inactive')
      throw problems.conflict(`${row.name} is inactive already`).withCode('property.statusAlready', { property: row.name, status: row.status });
    const next = await lifecycleNext(ctx.db, row, 'deactivate');
    const updated = await ctx.db
      .updateTable('merchants')
      .set({ status: next, active: false, updated_at: new Date() })
      .where('id', '=', row.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await audit(ctx.db, caller.userId, 'merchant.deactivate', MERCHANT_ENTITY, row.id, { from: row.status, reason: body?.reason ?? null });
    return answerOf(updated);
  });

  registerEndpoint(app, merchantEndpoints.reactivateMerchant, async ({ params, body, caller, ctx }) => {
    const row = await lockedMerchant(ctx.db, caller, params.id);
    if (row.status !== 'Inactive')
      throw problems.conflict(`${row.name} is not inactive (it is ${row.status})`).withCode('property.actionNotAllowed', { status: row.status });
    const next = await lifecycleNext(ctx.db, row, 'reactivate');
    const updated = await ctx.db
      .updateTable('merchants')
      .set({ status: next, active: true, updated_at: new Date() })
      .where('id', '=', row.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await audit(ctx.db, caller.userId, 'merchant.reactivate', MERCHANT_ENTITY, row.id, { reason: body?.reason ?? null });
    return answerOf(updated);
  });
}
