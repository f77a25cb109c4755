import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { userAdminEndpoints, type UserRow } from '../../contract/user-admin';
import { audit } from '../audit';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { linkOrigin } from '../mail/link-origin';
import { issueInvitation, sendInvitation } from './invitations';
import { assertMayGrant, assertMayManage, assertNotLastAdmin, checkedMerchantIds, targetGroupOf } from './user-guardrails';
import { registerPropertyManagerRoutes } from './property-manager-routes';
import { changeUser, detailOf, setRoleAndScope, snapshotOf } from './user-changes';
import { registerUserMerchantPermissionRoutes } from './user-merchant-permission-routes';
import { listUsers, visibleUser } from './user-query';

// Managing people (issue 19): the users list, invitations, role and scope changes, deactivation,
// the audit trail. A change takes effect on the user's next request: the caller is loaded from the
// live user on every request (server/auth/caller.ts), and deactivation also ends their sessions.

const e = userAdminEndpoints;

async function managedUser(db: Db, caller: Caller, userId: string, what: string): Promise<UserRow> {
  const target = await visibleUser(db, caller, userId);
  if (!target) throw problems.notFound('no such user');
  assertMayManage(caller, target, what);
  return target;
}

async function inviterName(db: Db, caller: Caller): Promise<string> {
  const row = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', caller.userId).executeTakeFirst();
  return row ? `${row.first_name} ${row.last_name}` : caller.email;
}

/** How many of a user's newest audit entries their page shows. */
const USER_AUDIT_ENTRIES = 100;

/**
 * The ids of a user's newest audit entries: what they did, and what was done to their account (decision 0719). The
 * log gathers an entry for most payments (a link made, a card taken), so it grows with them. Asked as one condition
 * (made by them, or about them) it was read from the newest entry back until a hundred matched, every entry of the log
 * for a user who has done little (130 ms at three million entries, growing with the log). Each half now reads its own
 * index, newest first (migration 0490), and the page keeps the newest hundred of both.
 */
export function userAuditIds(userId: string) {
  return sql`(SELECT id FROM audit_log WHERE actor_user_id = ${userId}::uuid ORDER BY id DESC LIMIT ${USER_AUDIT_ENTRIES})
    UNION ALL (SELECT id FROM audit_log WHERE entity_type = 'user' AND entity_id = ${userId} ORDER BY id DESC LIMIT ${USER_AUDIT_ENTRIES})`;
}

export function registerUserAdminRoutes(app: FastifyInstance): void {
  registerEndpoint(app, e.listUsers, async ({ query, caller, ctx }) => {
    const page = await listUsers(ctx.db, caller, query);
    return { ...page, totalExact: true, page: query.page, pageSize: query.pageSize };
  });

  registerEndpoint(app, e.listGroupUsers, async ({ params, query, caller, ctx }) => {
    if (caller.merchantScope !== 'all' && caller.merchantGroupId !== params.id) throw problems.notFound('no such merchant group');
    const page = await listUsers(ctx.db, caller, query, params.id);
    return { ...page, totalExact: true, page: query.page, pageSize: query.pageSize };
  });

  registerEndpoint(app, e.getUserDetail, async ({ params, caller, ctx }) => detailOf(ctx.db, caller, params.id));

  registerEndpoint(app, e.getUserAudit, async ({ params, caller, ctx }) => {
    if (!(await visibleUser(ctx.db, caller, params.id))) throw problems.notFound('no such user');
    const rows = await ctx.db
      .selectFrom('audit_log')
      .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
      .select([
        'audit_log.id',
        'audit_log.created_at',
        'audit_log.action',
        'audit_log.entity_type',
        'audit_log.entity_id',
        'audit_log.actor_user_id',
        'audit_log.detail',
        sql<string | null>`actor.first_name || ' ' || actor.last_name`.as('actor_name'),
      ])
      .where(sql<boolean>`audit_log.id IN (${userAuditIds(params.id)})`)
      .orderBy('audit_log.id', 'desc')
      .limit(USER_AUDIT_ENTRIES)
      .execute();
    return rows.map((row) => {
      const detail = (row.detail ?? {}) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
      const about = row.entity_type === 'user' && row.entity_id === params.id && row.actor_user_id !== params.id;
      return {
        id: String(row.id),
        at: row.created_at.toISOString(),
        action: row.action,
        relation: about ? ('about' as const) : ('by' as const),
        actorName: row.actor_name,
        entityType: row.entity_type,
        before: detail.before ?? null,
        after: detail.after ?? null,
      };
    });
  });

  registerEndpoint(app, e.createUser, async ({ body, caller, ctx, request, afterCommit }) => {
    assertMayGrant(caller, body.role);
    const groupId = await targetGroupOf(ctx.db, caller, body.role, body.merchantGroupId);
    const merchantIds = await checkedMerchantIds(ctx.db, caller, body.role, groupId, body.merchantIds);
    const taken = await ctx.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
    if (taken)
      throw problems
        .validation({ email: ['a user with this e-mail address exists already'] }, 'a user with this e-mail address exists already')
        .withCode('user.emailTaken');
    const user = await ctx.db
      .insertInto('users')
      .values({ email: body.email, first_name: body.firstName, last_name: body.lastName, merchant_group_id: groupId, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setRoleAndScope(ctx.db, user.id, body.role, merchantIds);
    const { token } = await issueInvitation(ctx.db, ctx.config, user.id);
    const created = await detailOf(ctx.db, { ...caller, merchantScope: 'all' }, user.id);
    await audit(ctx.db, caller.userId, 'user.invited', 'user', user.id, { before: null, after: snapshotOf(created) });
    const invitation = {
      to: body.email,
      firstName: body.firstName,
      invitedBy: await inviterName(ctx.db, caller),
      origin: linkOrigin(ctx.config, request),
      token,
    };
    afterCommit(() => sendInvitation(ctx.mailer, ctx.config, invitation));
    return detailOf(ctx.db, caller, user.id);
  });

  registerEndpoint(app, e.updateUser, async ({ body, caller, ctx, request }) => changeUser(ctx.db, caller, body, request));

  registerEndpoint(app, e.assignUserScope, async ({ body, caller, ctx }) => changeUser(ctx.db, caller, { userId: body.userId, merchantIds: body.merchantIds }));

  registerEndpoint(app, e.resendInvitation, async ({ params, caller, ctx, request, afterCommit }) => {
    const target = await managedUser(ctx.db, caller, params.id, 'invite');
    if (target.status !== 'invited')
      throw problems
        .conflict(`${target.email} has ${target.status === 'active' ? 'set a password already' : 'been deactivated'}: there is nothing to resend`)
        .withCode(target.status === 'active' ? 'user.nothingToResendActive' : 'user.nothingToResendDeactivated', { email: target.email });
    const { token } = await issueInvitation(ctx.db, ctx.config, target.userId);
    await audit(ctx.db, caller.userId, 'user.invitation-resent', 'user', target.userId, { before: null, after: null });
    const invitation = {
      to: target.email,
      firstName: target.firstName,
      invitedBy: await inviterName(ctx.db, caller),
      origin: linkOrigin(ctx.config, request),
      token,
    };
    afterCommit(() => sendInvitation(ctx.mailer, ctx.config, invitation));
    return detailOf(ctx.db, caller, target.userId);
  });

  registerEndpoint(app, e.deactivateUser, async ({ params, caller, ctx }) => {
    const target = await managedUser(ctx.db, caller, params.id, 'deactivate');
    if (target.status === 'deactivated') return detailOf(ctx.db, caller, target.userId);
    await assertNotLastAdmin(ctx.db, target, null, 'deactivate');
    const now = new Date();
    await ctx.db.updateTable('users').set({ disabled: true, updated_at: now }).where('id', '=', target.userId).execute();
    // Their open sessions end now: the next request with any of their tokens is a 401.
    await ctx.db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', target.userId).where('revoked_at', 'is', null).execute();
    await ctx.db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', target.userId).where('used_at', 'is', null).execute();
    await audit(ctx.db, caller.userId, 'user.deactivated', 'user', target.userId, {
      before: snapshotOf(target),
      after: { ...snapshotOf(target), status: 'deactivated' },
    });
    return detailOf(ctx.db, caller, target.userId);
  });

  registerEndpoint(app, e.reactivateUser, async ({ params, caller, ctx }) => {
    const target = await managedUser(ctx.db, caller, params.id, 'reactivate');
    if (target.status !== 'deactivated') return detailOf(ctx.db, caller, target.userId);
    await ctx.db.updateTable('users').set({ disabled: false, updated_at: new Date() }).where('id', '=', target.userId).execute();
    const after = await detailOf(ctx.db, caller, target.userId);
    await audit(ctx.db, caller.userId, 'user.reactivated', 'user', target.userId, { before: snapshotOf(target), after: snapshotOf(after) });
    return after;
  });

  registerEndpoint(app, e.getAssignableProperties, async ({ query, caller, ctx }) => {
    const groupId = caller.merchantScope === 'all' ? query.merchantGroupId : caller.merchantGroupId;
    if (caller.merchantScope !== 'all' && query.merchantGroupId !== undefined && query.merchantGroupId !== caller.merchantGroupId)
      throw problems.forbidden('you may add users to your own merchant group only');
    if (!groupId) return [];
    let rows = ctx.db.selectFrom('merchants').select(['id', 'name', 'status']).where('merchant_group_id', '=', groupId).orderBy('position').orderBy('name');
    const mine = caller.merchantScope;
    if (mine !== 'all') {
      if (mine.length === 0) return [];
      rows = rows.where('id', 'in', mine);
    }
    return (await rows.execute()).map((row) => ({ merchantId: row.id, name: row.name, status: row.status }));
  });

  registerEndpoint(app, e.getAssignableGroups, async ({ caller, ctx }) => {
    let rows = ctx.db.selectFrom('merchant_groups').select(['id', 'name']).orderBy('name');
    if (caller.merchantScope !== 'all') {
      if (!caller.merchantGroupId) return [];
      rows = rows.where('id', '=', caller.merchantGroupId);
    }
    return (await rows.execute()).map((row) => ({ merchantGroupId: row.id, name: row.name }));
  });

  registerUserMerchantPermissionRoutes(app);
  registerPropertyManagerRoutes(app);
}
