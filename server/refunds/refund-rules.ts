import { sql } from 'kysely';
import { rolesGranted } from '../../contract/permission-rules';
import type { RefundRule } from '../../contract/refunds';
import type { RoleName } from '../../contract/roles';
import { audit } from '../audit';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { problems } from '../http/problem';
import { toIso } from '../lists/list-query';

// Refund rules (decision 0230): one per merchant group, optionally one per property that replaces
// it for that property. A property without any rule needs one approval for every refund, from any
// role that may approve refunds: the safe default.

/** Every role the permission table lets approve refunds: the default approvers. */
export const DEFAULT_APPROVER_ROLES: readonly RoleName[] = rolesGranted('Refund', 'Approve');

export interface EffectiveRule {
  ruleId: string | null;
  currency: string | null;
  autoApproveUpToMinor: number;
  twoApprovalsAboveMinor: number | null;
  dailyAutoApproveCapMinor: number | null;
  approverRoles: string[];
}

const NO_RULE: EffectiveRule = {
  ruleId: null,
  currency: null,
  autoApproveUpToMinor: 0,
  twoApprovalsAboveMinor: null,
  dailyAutoApproveCapMinor: null,
  approverRoles: [...DEFAULT_APPROVER_ROLES],
};

/** A rule as RULE_SELECT reads it, typed from the schema (decision 0610). */
type RuleRecord = ColumnsOf<
  'refund_rules',
  | 'id'
  | 'merchant_group_id'
  | 'merchant_id'
  | 'currency'
  | 'auto_approve_up_to_minor'
  | 'two_approvals_above_minor'
  | 'daily_cap_minor'
  | 'approver_roles'
  | 'updated_at'
> & {
  merchant_group_name: ColumnOf<'merchant_groups', 'name'>;
  /** Through the outer joins: NULL for a group's rule, or when the last editor is gone. */
  merchant_name: ColumnOf<'merchants', 'name'> | null;
  updated_by_email: ColumnOf<'users', 'email'> | null;
};

const num = (value: string | number | null) => (value === null ? null : Number(value));

function toRule(record: RuleRecord): RefundRule {
  return {
    id: record.id,
    merchantGroupId: record.merchant_group_id,
    merchantGroupName: record.merchant_group_name,
    merchantId: record.merchant_id,
    merchantName: record.merchant_name,
    currency: record.currency.trim(),
    autoApproveUpToMinor: Number(record.auto_approve_up_to_minor),
    twoApprovalsAboveMinor: num(record.two_approvals_above_minor),
    dailyAutoApproveCapMinor: num(record.daily_cap_minor),
    approverRoles: record.approver_roles,
    updatedAt: toIso(record.updated_at),
    updatedBy: record.updated_by_email,
  };
}

const RULE_SELECT = sql.raw(`r.id, r.merchant_group_id, g.name AS merchant_group_name, r.merchant_id, m.name AS merchant_name, r.currency,
  r.auto_approve_up_to_minor, r.two_approvals_above_minor, r.daily_cap_minor, r.approver_roles, r.updated_at, u.email AS updated_by_email`);
const RULE_FROM = sql.raw(`refund_rules r JOIN merchant_groups g ON g.id = r.merchant_group_id
  LEFT JOIN merchants m ON m.id = r.merchant_id LEFT JOIN users u ON u.id = r.updated_by`);

/** The rules the caller may read: provider staff all (or one group's); others their group's rule and their properties' rules. */
export async function searchRules(db: Db, caller: Caller, filter: { merchantGroupId?: string; merchantIds?: string[] }): Promise<RefundRule[]> {
  const parts = [sql`TRUE`];
  if (caller.merchantScope !== 'all') {
    const mine = caller.merchantScope.length ? sql`r.merchant_id IN (${sql.join(caller.merchantScope.map((id) => sql`${id}::uuid`))})` : sql`FALSE`;
    parts.push(sql`((r.merchant_id IS NULL AND r.merchant_group_id = ${caller.merchantGroupId}::uuid) OR ${mine})`);
  }
  if (filter.merchantGroupId) parts.push(sql`r.merchant_group_id = ${filter.merchantGroupId}::uuid`);
  if (filter.merchantIds?.length)
    parts.push(
      sql`(r.merchant_id IS NULL OR r.merchant_id IN (${sql.join(filter.merchantIds.map((id) => sql`${id}::uuid`))}))
        AND r.merchant_group_id IN (SELECT merchant_group_id FROM merchants WHERE id IN (${sql.join(filter.merchantIds.map((id) => sql`${id}::uuid`))}))`,
    );
  const result = await sql<RuleRecord>`SELECT ${RULE_SELECT} FROM ${RULE_FROM} WHERE ${sql.join(parts, sql` AND `)}
    ORDER BY g.name, r.merchant_id NULLS FIRST, m.name`.execute(db);
  return result.rows.map(toRule);
}

async function groupProperties(db: Db, groupId: string): Promise<string[]> {
  const rows = await db.selectFrom('merchants').select('id').where('merchant_group_id', '=', groupId).execute();
  return rows.map((row) => row.id);
}

/** A merchant's rule: only someone who sees every property of the group may set it (it applies to all of them). */
async function mayRuleGroup(db: Db, caller: Caller, groupId: string): Promise<boolean> {
  if (caller.merchantScope === 'all') return true;
  if (caller.merchantGroupId !== groupId) return false;
  const scope = caller.merchantScope;
  return (await groupProperties(db, groupId)).every((id) => scope.includes(id));
}

export async function saveRule(
  db: Db,
  caller: Caller,
  body: {
    merchantGroupId?: string;
    merchantId: string | null;
    rule: {
      currency: string;
      autoApproveUpToMinor: number;
      twoApprovalsAboveMinor: number | null;
      dailyAutoApproveCapMinor: number | null;
      approverRoles: string[];
    };
  },
): Promise<RefundRule> {
  let groupId = body.merchantGroupId ?? caller.merchantGroupId ?? undefined;
  if (body.merchantId) {
    const property = await db.selectFrom('merchants').select(['id', 'merchant_group_id']).where('id', '=', body.merchantId).executeTakeFirst();
    if (!property || (caller.merchantScope !== 'all' && !caller.merchantScope.includes(property.id))) throw problems.notFound('property not found');
    if (groupId && groupId !== property.merchant_group_id)
      throw problems.validation({ merchantId: ['this property belongs to another merchant'] }).withCode('refundRule.propertyOfAnotherMerchant');
    groupId = property.merchant_group_id;
  } else {
    // Provider staff belong to no merchant, and the rules screen names none for them.
    if (!groupId) throw problems.validation({ merchantGroupId: ['name the merchant the rule is for'] }).withCode('refundRule.merchantRequired');
    const group = await db.selectFrom('merchant_groups').select('id').where('id', '=', groupId).executeTakeFirst();
    if (!group || (caller.merchantScope !== 'all' && caller.merchantGroupId !== groupId)) throw problems.notFound('merchant not found');
    if (!(await mayRuleGroup(db, caller, groupId))) throw problems.forbidden("only someone who sees all of the merchant's properties may set its rule");
  }
  const unknownApprovers = body.rule.approverRoles.filter((role) => !DEFAULT_APPROVER_ROLES.includes(role as RoleName));
  if (unknownApprovers.length) throw problems.validation({ 'rule.approverRoles': [`these roles may not approve refunds: ${unknownApprovers.join(', ')}`] });

  const previous = await sql<{ id: string }>`SELECT id FROM refund_rules
    WHERE merchant_group_id = ${groupId}::uuid AND merchant_id IS NOT DISTINCT FROM ${body.merchantId}::uuid FOR UPDATE`.execute(db);
  const values = {
    merchant_group_id: groupId,
    merchant_id: body.merchantId,
    currency: body.rule.currency,
    auto_approve_up_to_minor: body.rule.autoApproveUpToMinor,
    two_approvals_above_minor: body.rule.twoApprovalsAboveMinor,
    daily_cap_minor: body.rule.dailyAutoApproveCapMinor,
    approver_roles: [...new Set(body.rule.approverRoles)],
    updated_by: caller.userId,
    updated_at: new Date(),
  };
  const existing = previous.rows[0];
  const id = existing
    ? (await db.updateTable('refund_rules').set(values).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()).id
    : (await db.insertInto('refund_rules').values(values).returning('id').executeTakeFirstOrThrow()).id;
  await audit(db, caller.userId, existing ? 'refundRule.update' : 'refundRule.create', 'refundRule', id, {
    ...body.rule,
    merchantGroupId: groupId,
    merchantId: body.merchantId,
  });
  const saved = await sql<RuleRecord>`SELECT ${RULE_SELECT} FROM ${RULE_FROM} WHERE r.id = ${id}::uuid`.execute(db);
  return toRule(saved.rows[0]!);
}

/** The rule that applies to a property: its own, else its merchant group's, else none (one approval for everything). */
export async function effectiveRule(db: Db, merchantId: string): Promise<EffectiveRule> {
  const result = await sql<RuleRecord>`SELECT ${RULE_SELECT} FROM ${RULE_FROM}
    WHERE r.merchant_group_id = (SELECT merchant_group_id FROM merchants WHERE id = ${merchantId}::uuid)
      AND (r.merchant_id = ${merchantId}::uuid OR r.merchant_id IS NULL)
    ORDER BY r.merchant_id NULLS LAST LIMIT 1`.execute(db);
  const record = result.rows[0];
  if (!record) return NO_RULE;
  const rule = toRule(record);
  return { ruleId: rule.id, ...rule };
}

/**
 * How many approvals a refund of `amountMinor` needs under `rule`, given what the property has
 * already auto-approved today. A currency the rule does not speak gets no auto-approval.
 */
export function approvalsNeeded(rule: EffectiveRule, amountMinor: number, currency: string, autoApprovedTodayMinor: number): number {
  const sameCurrency = rule.currency === null || rule.currency === currency;
  const twoApprovals = rule.twoApprovalsAboveMinor !== null && (!sameCurrency || amountMinor > rule.twoApprovalsAboveMinor);
  if (twoApprovals) return 2;
  const withinAuto = sameCurrency && amountMinor <= rule.autoApproveUpToMinor;
  const withinCap = rule.dailyAutoApproveCapMinor === null || autoApprovedTodayMinor + amountMinor <= rule.dailyAutoApproveCapMinor;
  return withinAuto && withinCap ? 0 : 1;
}
