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
import { audit } from '../audit';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { applicationColumnSql, applicationIdOf, ensureApplication, openFlagCountSql } from '../kyc/applications';
import { escapeLike } from '../lists/list-query';
import { assertMaySee, assertReviewer } from './group-access';
import { groupNameConflict, groupNameTaken, insertGroup, loadGroup } from './groups';
import { actionsFor, applyTransition, GROUP_ENTITY } from './lifecycle';

// Spec 7 "Merchant groups" (docs/decisions/0144-kyc-api-mapping.md): the group list and detail,
// creation by provider staff, the KYC applications table (search), the two lifecycle PUTs, and
// pre-init, which opens the caller's application.

const groupId = sql.ref('merchant_groups.id');
const SORT_COLUMNS: Record<KycListSortField, RawBuilder<unknown>> = {
  // The application's own dates, as its detail page shows them (a group and its application are
  // created together; the demo dates both). The KYC module owns them (decision 0190).
  createdAt: applicationColumnSql('created_at', groupId),
  submittedAt: applicationColumnSql('submitted_at', groupId),
  statusChangedAt: sql.ref('merchant_groups.status_changed_at'),
  updatedAt: sql.ref('merchant_groups.updated_at'),
  name: sql.ref('merchant_groups.name'),
};

const propertiesCountSql = sql<string>`(SELECT count(*) FROM merchants m WHERE m.merchant_group_id = merchant_groups.id)`;
const LIST_SORT_COLUMNS: Record<MerchantGroupSortField, RawBuilder<unknown>> = {
  statusChangedAt: sql.ref('merchant_groups.status_changed_at'),
  createdAt: sql.ref('merchant_groups.created_at'),
  name: sql`lower(merchant_groups.name)`,
  propertiesCount: propertiesCountSql,
};

export async function groupAnswer(ctx: AppContext, caller: Caller, groupId: string): Promise<MerchantGroup> {
  const group = await loadGroup(ctx.db, groupId);
  const applicationId = await applicationIdOf(ctx.db, groupId);
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

export function registerMerchantGroupRoutes(app: FastifyInstance): void {
  registerEndpoint(app, merchantGroupEndpoints.listMerchantGroups, async ({ query, caller, ctx }) => {
    let base = ctx.db.selectFrom('merchant_groups');
    if (!isProviderStaff(caller)) base = base.where('id', '=', caller.merchantGroupId ?? '00000000-0000-0000-0000-000000000000');
    if (query.search) base = base.where(sql<boolean>`merchant_groups.name ILIKE ${`%${escapeLike(query.search)}%`}`);
    if (query.status) base = base.where('status', '=', query.status);
    const direction = query.sortDirection === 'asc' ? sql`ASC` : sql`DESC`;
    const [{ total }, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      base
        .select(['id', propertiesCountSql.as('properties_count')])
        .orderBy(sql`${LIST_SORT_COLUMNS[query.sortBy]} ${direction}`)
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
    ]);
    const items = await Promise.all(rows.map(async (row) => ({ ...(await groupAnswer(ctx, caller, row.id)), propertiesCount: Number(row.properties_count) })));
    return { items, total: Number(total), page: query.page, pageSize: query.pageSize };
  });

  registerEndpoint(app, merchantGroupEndpoints.getMerchantGroup, async ({ params, caller, ctx }) => {
    assertMaySee(caller, params.id);
    return groupAnswer(ctx, caller, params.id);
  });

  registerEndpoint(app, merchantGroupEndpoints.createMerchantGroup, async ({ body, caller, ctx }) => {
    if (!isProviderStaff(caller)) throw problems.forbidden('only provider staff create merchant groups');
    if (await groupNameTaken(ctx.db, body.name)) throw groupNameConflict(body.name, 'name');
    const id = await insertGroup(ctx.db, body);
    await ensureApplication(ctx.db, id);
    await audit(ctx.db, caller.userId, 'merchantGroup.create', GROUP_ENTITY, id, { name: body.name });
    return groupAnswer(ctx, caller, id);
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
            applicationColumnSql<Date | null>('created_at', groupId).as('application_created_at'),
            'merchant_groups.updated_at',
            'merchant_groups.status_changed_at',
            applicationColumnSql<string | null>('id', groupId).as('application_id'),
            applicationColumnSql<Date | null>('submitted_at', groupId).as('submitted_at'),
            openFlagCountSql(groupId).as('open_flags'),
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
    { transaction: false },
  );

  for (const [id, action] of [
    ['activateMerchantGroup', 'activate'],
    ['signMerchantGroupContract', 'signContract'],
  ] as const) {
    registerEndpoint(app, merchantGroupEndpoints[id], async ({ params, caller, ctx }) => {
      assertReviewer(caller);
      const group = await loadGroup(ctx.db, params.id);
      await applyTransition(ctx.db, { groupId: group.id, from: group.status, action, actorUserId: caller.userId });
      return groupAnswer(ctx, caller, group.id);
    });
  }

  registerEndpoint(app, merchantGroupEndpoints.preInitMerchantGroup, async ({ caller, ctx }) => {
    if (isProviderStaff(caller))
      throw problems.forbidden('only a merchant group admin opens a KYC application; provider staff create groups with POST /merchant-groups');
    if (!caller.merchantGroupId) throw problems.conflict('your account belongs to no merchant group, so there is no application to open');
    await ensureApplication(ctx.db, caller.merchantGroupId);
    return groupAnswer(ctx, caller, caller.merchantGroupId);
  });
}
