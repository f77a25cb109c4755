import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { kycEndpoints } from '../../contract/kyc/endpoints';
import { KYC_STEP_SCHEMAS } from '../../contract/kyc/step-schemas';
import { KYC_STEP_IDS, type KycStepId } from '../../contract/kyc/steps';
import { KYC_SURVEY_QUESTIONS } from '../../contract/kyc/surveys';
import { problems } from '../http/problem';
import { inTransaction } from '../db/transaction';
import { registerEndpoint } from '../http/route';
import { applyTransition, forbiddenTransition } from '../merchant-groups/lifecycle';
import { nextStatus } from '../../machines/onboarding-lifecycle.machine';
import { assertMaySee } from '../merchant-groups/group-access';
import { assertApplicant } from './group-access';
import { applicationAnswer, currentDocuments, loadApplicationState, unchangedFlaggedFields, unreplacedFlaggedDocuments } from './read-model';
import { pathsNotFlagged } from './resubmission-guard';
import { checkStep, referencedDocumentIds } from './step-check';
import { transitionHandler } from './review-actions';

/** A draft larger than this is not a form someone filled in. */
export const MAX_STEP_DRAFT_BYTES = 200 * 1024;

export function registerKycRoutes(app: FastifyInstance): void {
  registerEndpoint(app, kycEndpoints.getKycConfirmation, async ({ params, query, caller, ctx }) => {
    assertMaySee(caller, params.id);
    return applicationAnswer(ctx, caller, params.id, { includeEmptyRow: query.includeEmptyRow });
  });

  registerEndpoint(app, kycEndpoints.getKycApplication, async ({ params, caller, ctx }) => {
    assertMaySee(caller, params.id);
    return applicationAnswer(ctx, caller, params.id);
  });

  registerEndpoint(app, kycEndpoints.getOnboardingTracking, async ({ params, caller, ctx }) => {
    assertMaySee(caller, params.id);
    return (await loadApplicationState(ctx.db, params.id)).tracking;
  });

  registerEndpoint(
    app,
    kycEndpoints.validateKycStep,
    async ({ body, caller, ctx }) => {
      const groupId = caller.merchantGroupId;
      const ids = referencedDocumentIds(body.step, body.data);
      const documents =
        groupId && ids.length
          ? await ctx.db
              .selectFrom('documents')
              .select(['id', 'document_type', 'replaced_by'])
              .where('merchant_group_id', '=', groupId)
              .where('id', 'in', ids)
              .execute()
          : [];
      const check = checkStep(body.step, body.data, new Map(documents.map((row) => [row.id, row])));
      return { step: body.step, valid: check.valid, errors: check.errors, warnings: check.warnings };
    },
    { transaction: false },
  );

  registerEndpoint(app, kycEndpoints.saveKycStep, async ({ params, body, caller, ctx }) => {
    assertApplicant(caller, params.id);
    if (Buffer.byteLength(JSON.stringify(body.data)) > MAX_STEP_DRAFT_BYTES)
      throw problems.tooLarge(`a step draft may hold at most ${MAX_STEP_DRAFT_BYTES / 1024} KB`);
    const state = await loadApplicationState(ctx.db, params.id);
    const { mode, status } = state.tracking;
    if (mode === 'readOnly')
      throw problems.conflict(`the application is ${status}: it cannot be changed now`).withCode('kycApplication.cannotChangeNow', { status });
    const step: KycStepId = body.step;
    const before = state.checks.get(step)?.data ?? {};
    if (mode === 'resubmission') {
      // Compare normalised forms, so "at" and "AT" are not a change of an unflagged field.
      const candidate = KYC_STEP_SCHEMAS[step].safeParse(body.data);
      const after = candidate.success ? (candidate.data as Record<string, unknown>) : body.data;
      const refused = pathsNotFlagged(
        step,
        before,
        after,
        state.flags.filter((flag) => flag.resolvedAt === null),
      );
      if (refused.length)
        throw problemWithErrors(
          'only the fields and documents the reviewer flagged can change',
          Object.fromEntries(refused.map((path) => [`${step}.${path}`, ['kyc.validation.notFlagged']])),
        ).withCode('kycApplication.onlyFlaggedChange');
    }
    const byId = new Map(state.documents.map((row) => [row.id, row]));
    const check = checkStep(step, body.data, byId);
    const savedAt = new Date();
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto('kyc_step_drafts')
        .values({
          application_id: state.application.id,
          step,
          data: JSON.stringify(check.data),
          valid: check.valid,
          updated_by: caller.userId,
          updated_at: savedAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['application_id', 'step'])
            .doUpdateSet({ data: JSON.stringify(check.data), valid: check.valid, updated_by: caller.userId, updated_at: savedAt }),
        )
        .execute();
      await trx
        .updateTable('kyc_applications')
        .set({ updated_at: sql`now()` })
        .where('id', '=', state.application.id)
        .execute();
      // Survey steps are also the merchant's survey responses (spec 3 "merchant surveys").
      const responses = (check.data as { responses?: Record<string, string[]> }).responses;
      if (check.valid && responses && (step === 'business-information' || step === 'sanctions-exposure')) {
        for (const question of KYC_SURVEY_QUESTIONS.filter((entry) => entry.id in responses)) {
          const response = JSON.stringify(responses[question.id]);
          await trx
            .insertInto('merchant_surveys')
            .values({ merchant_group_id: params.id, question_id: question.id, response, updated_at: savedAt })
            .onConflict((oc) => oc.columns(['merchant_group_id', 'question_id']).doUpdateSet({ response, updated_at: savedAt }))
            .execute();
        }
      }
    });
    const after = await loadApplicationState(ctx.db, params.id);
    return {
      step,
      valid: check.valid,
      errors: check.errors,
      warnings: check.warnings,
      savedAt: savedAt.toISOString(),
      steps: after.tracking.steps,
      canSubmit: after.tracking.canSubmit,
      flags: after.tracking.flags,
    };
  });

  registerEndpoint(app, kycEndpoints.submitKycApplication, async ({ params, caller, ctx }) => {
    assertApplicant(caller, params.id);
    const state = await loadApplicationState(ctx.db, params.id);
    const { status, steps } = state.tracking;
    if (!nextStatus(status, 'submit')) throw forbiddenTransition(status, 'submit');
    const incomplete = steps.filter((step) => !step.valid).map((step) => step.step);
    if (incomplete.length)
      throw problemWithErrors(
        'every step must be complete before the application is submitted',
        Object.fromEntries(incomplete.map((step) => [step, ['kyc.validation.stepIncomplete']])),
      ).withCode('kycApplication.stepsIncomplete');
    const unreplaced = unreplacedFlaggedDocuments(state);
    const documentErrors = Object.fromEntries(unreplaced.map((id) => [id, ['kyc.validation.flaggedDocumentNotReplaced']]));
    // A flagged field must really change (decision 0703): one still holding the value it was flagged with is named.
    const unchanged = unchangedFlaggedFields(state);
    const fieldErrors = Object.fromEntries(unchanged.map((target) => [target, ['kyc.validation.flaggedFieldUnchanged']]));
    // Both kinds outstanding are told at once (decision 0708), not one refusal after the other.
    if (unreplaced.length && unchanged.length)
      throw problemWithErrors(
        `replace the ${unreplaced.length} document(s) and change the fields the reviewer flagged before resubmitting: ${unchanged.join(', ')}`,
        { ...documentErrors, ...fieldErrors },
      ).withCode('kycApplication.flaggedRequestsOutstanding', { documents: unreplaced.length, fields: unchanged.join(', '), count: unchanged.length });
    if (unreplaced.length)
      throw problemWithErrors('replace the documents the reviewer flagged before resubmitting', documentErrors).withCode(
        'kycApplication.flaggedDocumentsNotReplaced',
      );
    if (unchanged.length)
      throw problemWithErrors(`change the fields the reviewer flagged before resubmitting: ${unchanged.join(', ')}`, fieldErrors).withCode(
        'kycApplication.flaggedFieldsUnchanged',
        { fields: unchanged.join(', '), count: unchanged.length },
      );
    await applyTransition(ctx.db, {
      groupId: params.id,
      from: status,
      action: 'submit',
      actorUserId: caller.userId,
      detail: { steps: KYC_STEP_IDS.length },
      effects: async (trx) => {
        await trx
          .updateTable('kyc_applications')
          .set({ submitted_at: sql`now()`, updated_at: sql`now()` })
          .where('id', '=', state.application.id)
          .execute();
        await trx
          .updateTable('kyc_review_flags')
          .set({ resolved_at: sql`now()` })
          .where('application_id', '=', state.application.id)
          .where('resolved_at', 'is', null)
          .execute();
        const current = (await currentDocuments(trx, params.id)).map((row) => row.id);
        if (current.length) await trx.updateTable('documents').set({ status: 'Waited' }).where('id', 'in', current).execute();
      },
    });
    return applicationAnswer(ctx, caller, params.id);
  });

  registerEndpoint(app, kycEndpoints.transitionKycApplication, transitionHandler);
}

function problemWithErrors(detail: string, errors: Record<string, string[]>) {
  const problem = problems.conflict(detail);
  problem.problem.errors = errors;
  return problem;
}
