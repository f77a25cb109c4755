import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { merchantEndpoints, type DetailedMerchant } from '../../contract/merchants';
import { PROPERTY_ACTION_ACTOR, type PropertyAction } from '../../contract/property-lifecycle';
import type { FeeModel } from '../../contract/fees';
import type { OnboardingStatus } from '../../contract/merchant-groups';
import type { PropertyStatus } from '../../contract/properties';
import { allowedPropertyActions, nextPropertyStatus } from '../../machines/property-lifecycle.machine';
import { audit } from '../audit';
import { canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf, OuterColumnsOf } from '../db/row-types';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { escapeLike } from '../lists/list-query';
import { transitionProperty } from '../properties/property-lifecycle';

// Spec 7 GET /merchants/detailed and the merchant status change, PUT /merchants/status (issue 17, decision 0294). A status change is a
// step of the property lifecycle (decision 0260: every property status change goes through
// transitionProperty); this route only finds the step that leads to the asked status for the caller's side.

/** Steps a status change may take: the ones a reason is enough for (a resubmission request names fields). */
const STATUS_STEPS: readonly PropertyAction[] = ['complete', 'submit', 'approve', 'activate', 'deactivate', 'reactivate'];
const MAX_ROWS = 500;

function mayTake(caller: Caller, action: PropertyAction): boolean {
  const actor = PROPERTY_ACTION_ACTOR[action];
  return actor === 'either' || (actor === 'provider') === isProviderStaff(caller);
}

/** The step from `status` to `target` this caller may take, with the facts the lifecycle needs. */
function stepTo(caller: Caller, status: PropertyStatus, target: PropertyStatus, hasFees: boolean): PropertyAction | undefined {
  return STATUS_STEPS.find((action) => mayTake(caller, action) && nextPropertyStatus(status, action, { hasFees }) === target);
}

function allowedStatuses(caller: Caller, status: PropertyStatus, hasFees: boolean): PropertyStatus[] {
  return allowedPropertyActions(status, { hasFees })
    .filter((action) => STATUS_STEPS.includes(action) && mayTake(caller, action))
    .map((action) => nextPropertyStatus(status, action, { hasFees })!)
    .filter((next, index, all) => all.indexOf(next) === index);
}

/** A property with its group and the fee in force (the lateral join may find none), typed from the schema (decision 0610). */
type DetailedRow = ColumnsOf<'merchants', 'id' | 'merchant_group_id' | 'name' | 'status' | 'active' | 'currency' | 'created_at' | 'status_changed_at'> &
  OuterColumnsOf<'fees', 'fee_model' | 'percentage' | 'fixed_amount_minor' | 'valid_from'> & {
    group_name: ColumnOf<'merchant_groups', 'name'>;
    group_status: ColumnOf<'merchant_groups', 'status'>;
    has_fees: boolean;
  };

async function detailedMerchants(
  db: Db,
  caller: Caller,
  filter: { merchantGroupId?: string; status?: PropertyStatus; search?: string; merchantId?: string },
): Promise<DetailedMerchant[]> {
  const parts = [sql`TRUE`];
  if (caller.merchantScope !== 'all')
    parts.push(caller.merchantScope.length ? sql`m.id IN (${sql.join(caller.merchantScope.map((id) => sql`${id}::uuid`))})` : sql`FALSE`);
  if (filter.merchantId) parts.push(sql`m.id = ${filter.merchantId}::uuid`);
  if (filter.merchantGroupId) parts.push(sql`m.merchant_group_id = ${filter.merchantGroupId}::uuid`);
  if (filter.status) parts.push(sql`m.status = ${filter.status}`);
  if (filter.search) parts.push(sql`m.name ILIKE ${`%${escapeLike(filter.search)}%`}`);
  const { rows } = await sql<DetailedRow>`
    SELECT m.id, m.merchant_group_id, m.name, m.status, m.active, m.currency, m.created_at, m.status_changed_at,
      g.name AS group_name, g.status AS group_status, f.fee_model, f.percentage::text AS percentage,
      f.fixed_amount_minor::text AS fixed_amount_minor, f.valid_from::text AS valid_from,
      EXISTS (SELECT 1 FROM fees any_fee WHERE any_fee.merchant_id = m.id) AS has_fees
    FROM merchants m JOIN merchant_groups g ON g.id = m.merchant_group_id
    LEFT JOIN LATERAL (
      SELECT fee_model, percentage, fixed_amount_minor, valid_from FROM fees
      WHERE fees.merchant_id = m.id AND valid_from <= (now() AT TIME ZONE 'UTC')::date ORDER BY valid_from DESC LIMIT 1) f ON TRUE
    WHERE ${sql.join(parts, sql` AND `)}
    ORDER BY lower(g.name), m.position, m.name, m.id
    LIMIT ${MAX_ROWS}`.execute(db);
  return rows.map((row) => {
    const status = row.status as PropertyStatus;
    return {
      merchantId: row.id,
      merchantGroupId: row.merchant_group_id,
      name: row.name,
      status,
      active: row.active,
      currency: row.currency.trim(),
      createdAt: new Date(row.created_at).toISOString(),
      statusChangedAt: row.status_changed_at === null ? null : new Date(row.status_changed_at).toISOString(),
      groupName: row.group_name,
      groupStatus: row.group_status as OnboardingStatus,
      fee:
        row.fee_model === null
          ? null
          : {
              feeModel: row.fee_model as FeeModel,
              percentage: Number(row.percentage),
              fixedAmountMinor: Number(row.fixed_amount_minor),
              validFrom: row.valid_from!,
            },
      allowedStatuses: allowedStatuses(caller, status, row.has_fees),
    };
  });
}

export function registerMerchantStatusRoutes(app: FastifyInstance): void {
  registerEndpoint(app, merchantEndpoints.searchDetailedMerchants, async ({ query, caller, ctx }) => detailedMerchants(ctx.db, caller, query), {
    transaction: false,
  });

  registerEndpoint(app, merchantEndpoints.changeMerchantStatus, async ({ body, caller, ctx }) => {
    const row = await ctx.db.selectFrom('merchants').select(['id', 'name', 'status']).where('id', '=', body.merchantId).forUpdate().executeTakeFirst();
    if (!row || !canSeeMerchant(caller, row.id)) throw problems.notFound('no such merchant');
    const from = row.status as PropertyStatus;
    if (from === body.status)
      throw problems.conflict(`${row.name} is ${from} already`).withCode('property.statusAlready', { property: row.name, status: from });
    const hasFees = (await ctx.db.selectFrom('fees').select('id').where('merchant_id', '=', row.id).limit(1).executeTakeFirst()) !== undefined;
    const action = stepTo(caller, from, body.status, hasFees);
    if (!action) {
      const allowed = allowedStatuses(caller, from, hasFees);
      const needsFees = body.status === 'Active' && from === 'FeeSetup' && !hasFees;
      throw needsFees
        ? problems.conflict(`${row.name} has no fees yet: set its fees before making it Active`).withCode('property.feesFirst')
        : problems
            .conflict(`${row.name} is ${from}: it cannot be moved to ${body.status} here (allowed: ${allowed.length ? allowed.join(', ') : 'nothing'})`)
            .withCode('property.cannotMoveTo', { property: row.name, status: from, target: body.status });
    }
    const transition =
      action === 'deactivate' || action === 'reactivate' ? { action, confirm: true as const, reason: body.reason } : ({ action } as { action: 'approve' });
    await transitionProperty(ctx.db, caller, row.id, transition);
    await audit(ctx.db, caller.userId, 'merchant.status', 'merchant', row.id, { from, to: body.status, step: action, reason: body.reason });
    const [answer] = await detailedMerchants(ctx.db, caller, { merchantId: row.id });
    return answer!;
  });
}
