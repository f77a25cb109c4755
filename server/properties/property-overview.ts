import { PROPERTY_ACTION_ACTOR, type PropertyAction } from '../../contract/property-lifecycle';
import type { PropertyOverview, PropertyStatus } from '../../contract/properties';
import { rowOf } from '../../contract/permission-rules';
import { SETTINGS_KIND_DEFINITIONS, PROPERTY_PAGE_KINDS } from '../../contract/settings/kinds';
import { PROPERTY_PAGES, type PropertyPage } from '../../contract/settings/pages';
import { allowedPropertyActions, type PropertyFacts } from '../../machines/property-lifecycle.machine';
import { can, canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { toIso } from '../lists/list-query';
import { propertyRecord, toPropertyRow } from './property-query';

// The overview of one property (spec 2 "/properties/property-overview/{id}"): status and what it
// needs next, the actions this caller may take, settings at a glance, its users, recent activity.

export const PROPERTY_ENTITY = 'property';

/** The merchant_settings kind a page's settings are stored under (the settings store's table, decision 0250). */
function storedKindOf(page: PropertyPage): string | undefined {
  const kind = PROPERTY_PAGE_KINDS[page];
  if (kind) return SETTINGS_KIND_DEFINITIONS[kind].storedAs;
  // Pages whose forms keep their rows in merchant_settings under their own names.
  return ({ 'brand-assets': 'brand-assets', 'secret-keys': 'secret-keys' } as Partial<Record<PropertyPage, string>>)[page];
}

export async function propertyFacts(db: Db, merchantId: string): Promise<PropertyFacts> {
  const fee = await db.selectFrom('fees').select('id').where('merchant_id', '=', merchantId).limit(1).executeTakeFirst();
  return { hasFees: fee !== undefined };
}

/** The lifecycle actions this caller may take now: the machine's, narrowed to the caller's side and rights. */
export function actionsForCaller(caller: Caller, merchantId: string, status: PropertyStatus, facts: PropertyFacts): PropertyAction[] {
  if (!can(caller, 'Properties', 'Update') || !canSeeMerchant(caller, merchantId)) return [];
  const provider = isProviderStaff(caller);
  return allowedPropertyActions(status, facts).filter((action) => {
    const actor = PROPERTY_ACTION_ACTOR[action];
    return actor === 'either' || (actor === 'provider') === provider;
  });
}

function nextStepOf(status: PropertyStatus, facts: PropertyFacts, provider: boolean): PropertyOverview['nextStep'] {
  switch (status) {
    case 'Created':
      return 'finishWizard';
    case 'NotOnboarded':
      return 'submit';
    case 'PendingReview':
      return provider ? 'review' : 'awaitReview';
    case 'ResubmissionRequired':
      return 'fixFlagged';
    case 'FeeSetup':
      return facts.hasFees ? 'activate' : 'setFees';
    case 'Inactive':
      return 'inactive';
    default:
      return 'none';
  }
}

async function settingsAtAGlance(db: Db, merchantId: string, groupId: string, hasFees: boolean): Promise<PropertyOverview['settings']> {
  const rows = await db
    .selectFrom('merchant_settings')
    .select(['kind', 'merchant_id'])
    .where('merchant_group_id', '=', groupId)
    .where((eb) => eb.or([eb('merchant_id', '=', merchantId), eb('merchant_id', 'is', null)]))
    .execute();
  const managers = await db
    .selectFrom('user_merchant_scopes')
    .innerJoin('user_roles', 'user_roles.user_id', 'user_merchant_scopes.user_id')
    .select('user_merchant_scopes.user_id')
    .where('user_merchant_scopes.merchant_id', '=', merchantId)
    .where('user_roles.role_name', '=', 'PropertyManager')
    .limit(1)
    .execute();
  return PROPERTY_PAGES.map((page) => {
    if (page === 'fees') return { page, source: hasFees ? 'property' : 'none' };
    if (page === 'property-manager') return { page, source: managers.length ? 'property' : 'none' };
    const kind = storedKindOf(page);
    const own = rows.some((row) => row.kind === kind && row.merchant_id === merchantId);
    const group = rows.some((row) => row.kind === kind && row.merchant_id === null);
    return { page, source: own ? 'property' : group ? 'group' : 'none' };
  });
}

async function usersOf(db: Db, merchantId: string, groupId: string): Promise<PropertyOverview['users']> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('user_merchant_scopes', (join) =>
      join.onRef('user_merchant_scopes.user_id', '=', 'users.id').on('user_merchant_scopes.merchant_id', '=', merchantId),
    )
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'user_roles.role_name', 'user_merchant_scopes.merchant_id as assigned'])
    .where('users.merchant_group_id', '=', groupId)
    .where('users.disabled', '=', false)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('user_roles.position')
    .execute();
  const users = new Map<string, PropertyOverview['users'][number] & { works: boolean }>();
  for (const row of rows) {
    const user = users.get(row.id) ?? { userId: row.id, name: `${row.first_name} ${row.last_name}`, email: row.email, roles: [], works: false };
    user.roles.push(row.role_name);
    // Group-wide roles work on every property of the group; the others only where assigned.
    if (rowOf(row.role_name)?.scope === 'group' || row.assigned !== null) user.works = true;
    users.set(row.id, user);
  }
  return [...users.values()].filter((user) => user.works).map(({ works: _works, ...user }) => user);
}

async function activityOf(db: Db, merchantId: string): Promise<PropertyOverview['activity']> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select(['audit_log.action', 'audit_log.detail', 'audit_log.created_at', 'users.email'])
    .where('audit_log.entity_type', '=', PROPERTY_ENTITY)
    .where('audit_log.entity_id', '=', merchantId)
    .orderBy('audit_log.id', 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    at: toIso(row.created_at),
    action: row.action,
    actor: row.email,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>,
  }));
}

export async function propertyOverview(db: Db, caller: Caller, merchantId: string): Promise<PropertyOverview> {
  const record = await propertyRecord(db, merchantId, caller.merchantScope);
  if (!record) throw problems.notFound(`property ${merchantId} not found`);
  const row = toPropertyRow(record);
  const facts = await propertyFacts(db, merchantId);
  const flags = await db
    .selectFrom('property_review_flags')
    .select(['target', 'reason', 'created_at', 'resolved_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  // One after another: inside the request's transaction the queries share one connection anyway.
  const settings = await settingsAtAGlance(db, merchantId, row.merchantGroupId, facts.hasFees);
  const users = await usersOf(db, merchantId, row.merchantGroupId);
  const activity = await activityOf(db, merchantId);
  return {
    ...row,
    statusChangedAt: toIso(record.status_changed_at),
    allowedActions: actionsForCaller(caller, merchantId, row.status, facts),
    nextStep: nextStepOf(row.status, facts, isProviderStaff(caller)),
    hasFees: facts.hasFees,
    flags: flags.map((flag) => ({
      target: flag.target as PropertyOverview['flags'][number]['target'],
      reason: flag.reason,
      createdAt: toIso(flag.created_at),
      resolvedAt: flag.resolved_at === null ? null : toIso(flag.resolved_at),
    })),
    settings,
    users,
    activity,
  };
}
