import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import {
  kycDisplayStatus,
  merchantGroupEndpoints,
  statusesOfDisplayStatus,
  type KycListSortField,
  type MerchantGroup,
  type MerchantGroupSortField,
  type OnboardingStatus,
} from '../../contract/merchant-groups';
import { isProviderStaff, type Caller } from '../auth/caller';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { audit } from '../audit';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { escapeLike } from '../lists/list-query';
import { assertMaySee, assertReviewer } from './group-access';
import { groupNameConflict, groupNameTaken, insertGroup, loadGroup, withOnboardingStatus, type GroupRecord } from './groups';
import { actionsFor, applyTransition, GROUP_ENTITY } from './lifecycle';

// Spec 7 "Merchant groups" (docs/decisions/0144-kyc-api-mapping.md): the group list and detail,
// creation by provider staff, the KYC applications table (search), the two lifecycle PUTs, and
// pre-init, which opens the caller's application.

/**
 * What a group's answers read from its KYC application. The KYC module owns those tables (decision
 * 0190) and builds on merchant groups, so it hands these functions in (server/modules.ts) instead of
 * merchant groups importing it (decision 0455).
 */
export interface GroupApplications {
  /** The application row of a group, created on first use (a group always has exactly one). */
  ensure(db: Db, groupId: string): Promise<unknown>;
  idOf(db: Db, groupId: string): Promise<string | null>;
  /** One column of the application of the group `groupId` refers to (NULL without one). */
  columnSql<T>(column: 'id' | 'created_at' | 'submitted_at' | 'updated_at', groupId: RawBuilder<unknown>): RawBuilder<T>;
  /** How many review flags of that group's application are still open. */
  openFlagCountSql(groupId: RawBuilder<unknown>): RawBuilder<string>;
}

const groupId = sql.ref('merchant_groups.id');
function kycSortColumns(applications: GroupApplications): Record<KycListSortField, RawBuilder<unknown>> {
  return {
    // The application's own dates, as its detail page shows them (a group and its application are
    // created together; the demo dates both). The KYC module owns them (decision 0190).
    createdAt: applications.columnSql('created_at', groupId),
    submittedAt: applications.columnSql('submitted_at', groupId),
    statusChangedAt: sql.ref('merchant_groups.status_changed_at'),
    updatedAt: sql.ref('merchant_groups.updated_at'),
    name: sql.ref('merchant_groups.name'),
  };
}

const propertiesCountSql = sql<string>`(SELECT count(*) FROM merchants m WHERE m.merchant_group_id = merchant_groups.id)`;
const LIST_SORT_COLUMNS: Record<MerchantGroupSortField, RawBuilder<unknown>> = {
  statusChangedAt: sql.ref('merchant_groups.status_changed_at'),
  createdAt: sql.ref('merchant_groups.created_at'),
  name: sql`lower(merchant_groups.name)`,
  propertiesCount: propertiesCountSql,
};

export async function groupAnswer(ctx: AppContext, caller: Caller, groupId: string, applications: GroupApplications): Promise<MerchantGroup> {
  const group = await loadGroup(ctx.db, groupId);
  return answerOf(caller, group, await applications.idOf(ctx.db, groupId));
}

/** A group as the caller sees it, from its row and its application's id. */
function answerOf(caller: Caller, group: GroupRecord, applicationId: string | null): MerchantGroup {
  return {
    merchantGroupId: group.id,
    name: group.name,
    country: group.country,
    contactEmail: group.contact_email,
    status: group.status,
    displayStatus: kycDisplayStatus(group.status),
    applicationId,
    createdAt: group.created_at.toISOString(),
    statusChangedAt: group.status_changed_at.toISOString(),
    allowedActions: actionsFor(caller, group.id, group.status),
  };
}

export function registerMerchantGroupRoutes(app: FastifyInstance, applications: GroupApplications): void {
  const SORT_COLUMNS = kycSortColumns(applications);
  registerEndpoint(app, merchantGroupEndpoints.listMerchantGroups, async ({ query, caller, ctx }) => {
    let base = ctx.db.selectFrom('merchant_groups');
    if (!isProviderStaff(caller)) base = base.where('id', '=', caller.merchantGroupId ?? '00000000-0000-0000-0000-000000000000');
    if (query.search) base = base.where(sql<boolean>`merchant_groups.name ILIKE ${`%${escapeLike(query.search)}%`}`);
    if (query.status) base = base.where('status', '=', query.status);
    const direction = query.sortDirection === 'asc' ? sql`ASC` : sql`DESC`;
    const [{ total }, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      // Each group's row and its application's id come with the page: asked group by group, a page of ten was twenty
      // more statements (167-268 ms for the provider admin in a browser walk).
      base
        .selectAll('merchant_groups')
        .select([propertiesCountSql.as('properties_count'), applications.columnSql<string | null>('id', groupId).as('application_id')])
        .orderBy(sql`${LIST_SORT_COLUMNS[query.sortBy]} ${direction}`)
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
    ]);
    const items = rows.map(({ properties_count, application_id, ...group }) => ({
      ...answerOf(caller, withOnboardingStatus(group), application_id),
      propertiesCount: Number(properties_count),
    }));
    return { items, total: Number(total), page: query.page, pageSize: query.pageSize };
  });

  registerEndpoint(app, merchantGroupEndpoints.getMerchantGroup, async ({ params, caller, ctx }) => {
    assertMaySee(caller, params.id);
    return groupAnswer(ctx, caller, params.id, applications);
  });

  registerEndpoint(app, merchantGroupEndpoints.createMerchantGroup, async ({ body, caller, ctx }) => {
    if (!isProviderStaff(caller)) throw problems.forbidden('only provider staff create merchant groups');
    if (await groupNameTaken(ctx.db, body.name)) throw groupNameConflict(body.name, 'name');
    const id = await insertGroup(ctx.db, body);
    await applications.ensure(ctx.db, id);
    await audit(ctx.db, caller.userId, 'merchantGroup.create', GROUP_ENTITY, id, { name: body.name });
    return groupAnswer(ctx, caller, id, applications);
  });

  registerEndpoint(
    app,
    merchantGroupEndpoints.searchKycApplications,
    async ({ body, caller, ctx }) => {
      let base = ctx.db.selectFrom('merchant_groups');
      // Reviewers see every application; an applicant (Read on KYCApplications too) only their own.
      if (!isProviderStaff(caller)) base = base.where('merchant_groups.id', '=', caller.merchantGroupId ?? '00000000-0000-0000-0000-000000000000');
      if (body.search) base = base.where(sql<boolean>`merchant_groups.name ILIKE ${`%${escapeLike(body.search)}%`}`);
      if (body.statuses?.length) base = base.where('merchant_groups.status', 'in', body.statuses.flatMap(statusesOfDisplayStatus));
      const direction = body.sortDirection === 'asc' ? sql`ASC NULLS LAST` : sql`DESC NULLS LAST`;
      const [{ total }, rows] = await Promise.all([
        base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
        base
          .select([
            'merchant_groups.id',
            'merchant_groups.name',
            'merchant_groups.country',
            'merchant_groups.status',
            'merchant_groups.created_at',
            applications.columnSql<Date | null>('created_at', groupId).as('application_created_at'),
            'merchant_groups.updated_at',
            'merchant_groups.status_changed_at',
            applications.columnSql<string | null>('id', groupId).as('application_id'),
            applications.columnSql<Date | null>('submitted_at', groupId).as('submitted_at'),
            applications.openFlagCountSql(groupId).as('open_flags'),
          ])
          .orderBy(sql`${SORT_COLUMNS[body.sortBy]} ${direction}`)
          .orderBy('merchant_groups.id')
          .limit(body.pageSize)
          .offset((body.page - 1) * body.pageSize)
          .execute(),
      ]);
      return {
        items: rows.map((row) => ({
          merchantGroupId: row.id,
          applicationId: row.application_id,
          name: row.name,
          country: row.country,
          status: row.status as OnboardingStatus,
          displayStatus: kycDisplayStatus(row.status as OnboardingStatus),
          createdAt: (row.application_created_at ?? row.created_at).toISOString(),
          updatedAt: row.updated_at.toISOString(),
          submittedAt: row.submitted_at?.toISOString() ?? null,
          statusChangedAt: row.status_changed_at.toISOString(),
          openFlags: Number(row.open_flags),
        })),
        total: Number(total),
        page: body.page,
        pageSize: body.pageSize,
      };
    },
    { readOnly: true },
  );

  for (const [id, action] of [
    ['activateMerchantGroup', 'activate'],
    ['signMerchantGroupContract', 'signContract'],
  ] as const) {
    registerEndpoint(app, merchantGroupEndpoints[id], async ({ params, caller, ctx }) => {
      assertReviewer(caller);
      const group = await loadGroup(ctx.db, params.id);
      await applyTransition(ctx.db, { groupId: group.id, from: group.status, action, actorUserId: caller.userId });
      return groupAnswer(ctx, caller, group.id, applications);
    });
  }

  registerEndpoint(app, merchantGroupEndpoints.preInitMerchantGroup, async ({ caller, ctx }) => {
    if (isProviderStaff(caller))
      throw problems.forbidden('only a merchant group admin opens a KYC application; provider staff create groups with POST /merchant-groups');
    if (!caller.merchantGroupId) throw problems.conflict('your account belongs to no merchant group, so there is no application to open');
    await applications.ensure(ctx.db, caller.merchantGroupId);
    return groupAnswer(ctx, caller, caller.merchantGroupId, applications);
  });
}
