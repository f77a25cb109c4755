import type { FastifyInstance } from 'fastify';
import { SETTINGS_CHANGED_DETAIL } from '../../contract/settings/endpoints';
import { SMTP_PASSWORD_AGAIN, smtpSettingsEndpoints, type SmtpSettings, type SmtpSettingsAnswer } from '../../contract/smtp-settings';
import { audit } from '../audit';
import type { Db } from '../db/database';
import type { SmtpSettingsTable } from '../db/schema';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertVersionAmong, namesVersion } from '../http/versions';
import { literalTargetProblem, TARGET_PROBLEM_CODES } from '../outbound/outbound-target';
import { secretBoxOf } from '../outbound/secret-box';
import { currentScopeVersions, lockGroupForSettingsSave } from '../settings/settings-access';
import { checkSettingsScope, type CheckedScope } from '../settings/settings-scope-access';
import { sendTestEmail } from './smtp-test';

// Spec 7 `merchant-smtp` (with `merchant-email-configs`' sender on the same record; decision 0280).

type SmtpRow = Omit<SmtpSettingsTable, 'id' | 'created_at' | 'updated_at' | 'updated_by'> & { id: string; updated_at: Date };

async function rowOf(db: Db, merchantGroupId: string, merchantId: string | null): Promise<SmtpRow | undefined> {
  return (await db
    .selectFrom('smtp_settings')
    .selectAll()
    .where('merchant_group_id', '=', merchantGroupId)
    .where((eb) => (merchantId === null ? eb('merchant_id', 'is', null) : eb('merchant_id', '=', merchantId)))
    .executeTakeFirst()) as SmtpRow | undefined;
}

function settingsOf(row: SmtpRow | undefined): SmtpSettings | null {
  if (!row) return null;
  return {
    provider: row.provider,
    server: row.server,
    port: row.port,
    encryption: row.encryption,
    username: row.username,
    passwordStored: row.password_cipher !== null,
    senderEmail: row.sender_email,
    senderName: row.sender_name,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The scope's own settings and, for a property, its group's. */
async function answerOf(db: Db, scope: CheckedScope): Promise<SmtpSettingsAnswer> {
  const own = await rowOf(db, scope.merchantGroupId, scope.merchantId);
  const inherited = scope.merchantId === null ? undefined : await rowOf(db, scope.merchantGroupId, null);
  return { settings: settingsOf(own), inherited: settingsOf(inherited) };
}

/** What a scope sends with: its own settings, else its group's. */
export async function effectiveSmtpRow(db: Db, scope: CheckedScope): Promise<SmtpRow | undefined> {
  return (await rowOf(db, scope.merchantGroupId, scope.merchantId)) ?? (scope.merchantId === null ? undefined : await rowOf(db, scope.merchantGroupId, null));
}

function entityOf(scope: CheckedScope): [string, string] {
  return scope.merchantId === null ? ['merchant-group', scope.merchantGroupId] : ['merchant', scope.merchantId];
}

export function registerSmtpSettingsRoutes(app: FastifyInstance): void {
  const { searchMerchantSmtp, saveMerchantSmtp, testMerchantSmtp } = smtpSettingsEndpoints;

  registerEndpoint(app, searchMerchantSmtp, async ({ body, caller, ctx }) => answerOf(ctx.db, await checkSettingsScope(ctx.db, caller, body.scope)), {
    transaction: false,
  });

  registerEndpoint(app, saveMerchantSmtp, async ({ body, caller, ctx, request }) => {
    const scope = await checkSettingsScope(ctx.db, caller, body.scope);
    const serverProblem = literalTargetProblem(body.server, ctx.config.integrations.allowPrivateTargets);
    if (serverProblem) {
      const refused = problems.validation({ server: [serverProblem] });
      const code = TARGET_PROBLEM_CODES[serverProblem];
      throw code ? refused.withCode(code) : refused;
    }
    await lockGroupForSettingsSave(ctx.db, scope.merchantGroupId);
    const existing = await rowOf(ctx.db, scope.merchantGroupId, scope.merchantId);
    // A property without settings of its own showed its group's: a save made from them is current only while they are.
    const shown = existing || scope.merchantId === null || !namesVersion(request) ? undefined : await rowOf(ctx.db, scope.merchantGroupId, null);
    // Someone saved this scope's settings, or the group's it showed, since the caller read them: theirs stay (decisions 0354, 0683).
    const versionsOf = (row: SmtpRow | undefined) => (row ? [new Date(row.updated_at).toISOString()] : null);
    assertVersionAmong(request, currentScopeVersions(versionsOf(existing), versionsOf(shown)), SETTINGS_CHANGED_DETAIL, 'settings.changedSince');
    // An empty password field keeps the stored one (the form never has it to send back)...
    const newPassword = body.password !== undefined && body.password !== '' ? body.password : undefined;
    // ...but only for the mail server it was given for: pointed elsewhere, the kept password would be sent
    // there by the next test e-mail, to whoever runs that server (decision 0346).
    const redirected =
      existing !== undefined &&
      (existing.server !== body.server.toLowerCase() ||
        existing.port !== body.port ||
        existing.encryption !== body.encryption ||
        existing.username !== body.username);
    if (newPassword === undefined && existing?.password_cipher && redirected)
      throw problems.validation({ password: [SMTP_PASSWORD_AGAIN] }).withCode('emailSettings.passwordAgain');
    const passwordCipher = newPassword !== undefined ? secretBoxOf(ctx).seal(newPassword) : (existing?.password_cipher ?? null);
    const values = {
      provider: body.provider,
      server: body.server.toLowerCase(),
      port: body.port,
      encryption: body.encryption,
      username: body.username,
      password_cipher: passwordCipher,
      sender_email: body.senderEmail,
      sender_name: body.senderName || null,
      updated_by: caller.userId,
      updated_at: new Date(),
    };
    if (existing) await ctx.db.updateTable('smtp_settings').set(values).where('id', '=', existing.id).execute();
    else
      await ctx.db
        .insertInto('smtp_settings')
        .values({ ...values, merchant_group_id: scope.merchantGroupId, merchant_id: scope.merchantId })
        .execute();
    const [entityType, entityId] = entityOf(scope);
    await audit(ctx.db, caller.userId, 'smtp-settings.saved', entityType, entityId, {
      provider: body.provider,
      server: values.server,
      port: body.port,
      encryption: body.encryption,
      passwordChanged: newPassword !== undefined,
    });
    return answerOf(ctx.db, scope);
  });

  registerEndpoint(
    app,
    testMerchantSmtp,
    async ({ body, caller, ctx }) => {
      const scope = await checkSettingsScope(ctx.db, caller, body.scope);
      const row = await effectiveSmtpRow(ctx.db, scope);
      if (!row) throw problems.conflict('save the e-mail settings before sending a test e-mail').withCode('emailSettings.saveBeforeTest');
      const outcome = await sendTestEmail(ctx, row, body.to);
      const [entityType, entityId] = entityOf(scope);
      await audit(ctx.db, caller.userId, 'smtp-settings.tested', entityType, entityId, { to: body.to, delivered: outcome.delivered });
      return outcome;
    },
    // The mail server may take seconds to answer: no transaction held open meanwhile.
    { transaction: false },
  );
}
