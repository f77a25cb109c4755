import type { FastifyInstance } from 'fastify';
import { merchantEndpoints } from '../../contract/merchants';
import { PROBLEM_TYPES } from '../../contract/problem';
import { audit } from '../audit';
import { isProviderStaff } from '../auth/caller';
import { ensureApplication, groupApplications } from '../kyc/applications';
import { HttpProblem, problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { linkOrigin } from '../mail/link-origin';
import { groupAnswer } from '../merchant-groups/merchant-group-routes';
import { groupNameConflict, groupNameTaken, insertGroup, loadGroup } from '../merchant-groups/groups';
import { GROUP_ENTITY } from '../merchant-groups/lifecycle';
import { invitationLink, issueInvitation, lifetimeText } from '../users/invitations';

// Granting merchant access (spec 2 "/merchants/add-merchant-access", spec 7 POST /merchants/pre-init;
// decision 0240): in one transaction the group (new, or an existing one), its merchant admin
// without a password, and a one-time link; the e-mail goes out after the commit. The link is the
// invitation every invited person gets (users/invitations.ts, one lifetime: decision 0456), so the
// create-password screen sets the password; the new admin then signs in and their group's KYC
// application is open to them.

const ADMIN_ROLE = 'MerchantAdmin';

function conflictOn(field: string, detail: string): HttpProblem {
  return new HttpProblem({ type: PROBLEM_TYPES.conflict, title: 'Conflict', status: 409, detail, errors: { [field]: [detail] } });
}

export function registerMerchantAccessRoutes(app: FastifyInstance): void {
  registerEndpoint(app, merchantEndpoints.grantMerchantAccess, async ({ body, caller, ctx, request, afterCommit }) => {
    if (!isProviderStaff(caller)) throw problems.forbidden('only provider staff grant merchant access');
    const email = body.admin.email;
    const taken = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw conflictOn('admin.email', `a user with the e-mail ${email} exists already; invite another address`).withCode('merchantAccess.emailTaken');

    let groupId: string;
    if (body.newGroup) {
      if (await groupNameTaken(ctx.db, body.newGroup.name))
        throw groupNameConflict(body.newGroup.name, 'newGroup.name', '; pick it instead of creating it again');
      groupId = await insertGroup(ctx.db, { ...body.newGroup, contactEmail: email }, 'newGroup.name');
      await ensureApplication(ctx.db, groupId);
      await audit(ctx.db, caller.userId, 'merchantGroup.create', GROUP_ENTITY, groupId, { name: body.newGroup.name });
    } else {
      groupId = (await loadGroup(ctx.db, body.merchantGroupId!)).id;
      const admins = await ctx.db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select('users.email')
        .where('users.merchant_group_id', '=', groupId)
        .where('user_roles.role_name', '=', ADMIN_ROLE)
        .executeTakeFirst();
      if (admins)
        throw conflictOn('merchantGroupId', `this merchant group has its merchant admin already (${admins.email})`).withCode('merchantAccess.groupHasAdmin', {
          email: admins.email,
        });
      await ensureApplication(ctx.db, groupId);
    }

    const { id: userId } = await ctx.db
      .insertInto('users')
      .values({ email, first_name: body.admin.firstName, last_name: body.admin.lastName, merchant_group_id: groupId, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('user_roles').values({ user_id: userId, role_name: ADMIN_ROLE, position: 0 }).execute();
    const { token, expiresAt } = await issueInvitation(ctx.db, ctx.config, userId);
    await audit(ctx.db, caller.userId, 'merchantAccess.grant', GROUP_ENTITY, groupId, { adminUserId: userId, email });

    const group = await groupAnswer(ctx, caller, groupId, groupApplications);
    const link = invitationLink(linkOrigin(ctx.config, request), token);
    // After the commit: the mailer writes its copy through the app's own handle.
    afterCommit(() =>
      ctx.mailer.send({
        to: email,
        subject: `Your Folio access for ${group.name}`,
        text:
          `Hello ${body.admin.firstName},\n\n${group.name} now has access to Folio, with you as its merchant admin.\n` +
          `Set your password with this link within ${lifetimeText(ctx.config)}, then sign in and complete the KYC application:\n${link}\n`,
        secrets: [token],
      }),
    );
    return { merchantGroup: group, adminUserId: userId, invitedEmail: email, invitationExpiresAt: expiresAt.toISOString() };
  });
}
