import type { FastifyInstance } from 'fastify';
import type { OnboardingStatus } from '../../contract/merchant-groups';
import { MERCHANT_PAGE_KINDS, SETTINGS_KIND_DEFINITIONS } from '../../contract/settings/kinds';
import { MERCHANT_WIZARD_STATUS, MERCHANT_WIZARD_STEPS, merchantWizardEndpoints, type MerchantWizardAnswer } from '../../contract/settings/merchant-wizard';
import { audit } from '../audit';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { groupInScope } from './settings-access';
import { readSettings } from './settings-store';

const { getMerchantWizard, saveMerchantWizardStep, completeMerchantWizard } = merchantWizardEndpoints;
const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Each step's state. A settings step is valid when the group's stored settings of its kind pass the
 * kind's schema; a step whose form another module owns (fees, e-mail settings) is valid once saved.
 */
async function wizardOf(db: Db, group: { id: string; status: string }): Promise<MerchantWizardAnswer> {
  const drafts = await db.selectFrom('merchant_wizard_steps').select(['step', 'saved_at']).where('merchant_group_id', '=', group.id).execute();
  const finished = await db.selectFrom('merchant_wizards').select('completed_at').where('merchant_group_id', '=', group.id).executeTakeFirst();
  const steps = await Promise.all(
    MERCHANT_WIZARD_STEPS.map(async (step) => {
      const draft = drafts.find((row) => row.step === step);
      const kind = MERCHANT_PAGE_KINDS[step];
      let valid = Boolean(draft);
      if (draft && kind) {
        const settings = await readSettings(db, group.id, kind, null);
        valid = settings.updatedAt !== null && SETTINGS_KIND_DEFINITIONS[kind].schema.safeParse(settings.values).success;
      }
      return { step, saved: Boolean(draft), valid, savedAt: draft ? isoOf(draft.saved_at) : null };
    }),
  );
  return { merchantGroupId: group.id, groupStatus: group.status as OnboardingStatus, steps, completedAt: finished ? isoOf(finished.completed_at) : null };
}

function assertOpen(group: { status: string }): void {
  if (group.status !== MERCHANT_WIZARD_STATUS)
    throw problems
      .conflict(`the merchant wizard opens once the merchant group is ${MERCHANT_WIZARD_STATUS} (it is ${group.status})`)
      .withCode('merchantWizard.notOpen', { status: group.status });
}

export function registerMerchantWizardRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getMerchantWizard, async ({ params, caller, ctx }) => wizardOf(ctx.db, await groupInScope(ctx.db, caller, params.merchantGroupId)));

  registerEndpoint(app, saveMerchantWizardStep, async ({ params, body, caller, ctx }) => {
    const group = await groupInScope(ctx.db, caller, params.merchantGroupId);
    assertOpen(group);
    // A settings step's draft is the group's settings of its kind as they stand now (its form has just saved them).
    const kind = MERCHANT_PAGE_KINDS[body.step];
    const data = JSON.stringify(kind ? (await readSettings(ctx.db, group.id, kind, null)).values : body.data);
    await ctx.db
      .insertInto('merchant_wizard_steps')
      .values({ merchant_group_id: group.id, step: body.step, data, saved_by: caller.userId })
      .onConflict((oc) => oc.columns(['merchant_group_id', 'step']).doUpdateSet({ data, saved_by: caller.userId, saved_at: new Date() }))
      .execute();
    await audit(ctx.db, caller.userId, 'merchant-wizard.step-saved', 'merchant_group', group.id, { step: body.step });
    return wizardOf(ctx.db, group);
  });

  registerEndpoint(app, completeMerchantWizard, async ({ params, caller, ctx }) => {
    const group = await groupInScope(ctx.db, caller, params.merchantGroupId);
    assertOpen(group);
    const wizard = await wizardOf(ctx.db, group);
    const missing = wizard.steps.filter((step) => !step.valid).map((step) => step.step);
    if (missing.length > 0) throw problems.conflict(`these steps are not complete yet: ${missing.join(', ')}`).withCode('merchantWizard.stepsIncomplete');
    await ctx.db
      .insertInto('merchant_wizards')
      .values({ merchant_group_id: group.id, completed_by: caller.userId })
      .onConflict((oc) => oc.column('merchant_group_id').doNothing())
      .execute();
    await audit(ctx.db, caller.userId, 'merchant-wizard.completed', 'merchant_group', group.id);
    return wizardOf(ctx.db, group);
  });
}
