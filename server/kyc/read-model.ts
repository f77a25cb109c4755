import type { KycApplication, KycWizardMode, OnboardingTracking } from '../../contract/kyc/application';
import type { KycFlag } from '../../contract/kyc/review';
import { KYC_STEP_IDS, resumeStepOf, type KycStepId } from '../../contract/kyc/steps';
import { kycDisplayStatus, type OnboardingStatus } from '../../contract/merchant-groups';
import { nextStatus } from '../../machines/onboarding-lifecycle.machine';
import { isProviderStaff, type Caller } from '../auth/caller';
import { PRODUCT } from '../../contract/product';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { actionsFor, GROUP_ENTITY } from '../merchant-groups/lifecycle';
import { documentAnswer, type DocumentRow } from './document-access';
import { loadGroup } from '../merchant-groups/groups';
import { ensureApplication } from './applications';
import { holdsFlaggedValue, isWholeStepTarget, valueAtTarget } from './resubmission-guard';
import { checkStep, type StepCheck } from './step-check';

// The application as the wizard and the review page read it. Validity is recomputed from the
// stored drafts on every read, so a replaced or missing document shows at once.

export function modeOf(status: OnboardingStatus): KycWizardMode {
  return status === 'Created' ? 'edit' : status === 'SentForResubmission' ? 'resubmission' : 'readOnly';
}

export async function currentDocuments(db: Db, groupId: string, includeHistory = false): Promise<DocumentRow[]> {
  let query = db.selectFrom('documents').selectAll().where('merchant_group_id', '=', groupId).where('document_group', '!=', 'BrandAsset');
  if (!includeHistory) query = query.where('replaced_by', 'is', null);
  return (await query.orderBy('header').orderBy('created_at').execute()) as DocumentRow[];
}

function flagStep(flag: { target_kind: string; target: string }, documents: ReadonlyMap<string, DocumentRow>): KycStepId | null {
  const step = flag.target_kind === 'field' ? flag.target.split('.')[0] : documents.get(flag.target)?.header;
  return (KYC_STEP_IDS as readonly string[]).includes(step ?? '') ? (step as KycStepId) : null;
}

export interface ApplicationState {
  group: Awaited<ReturnType<typeof loadGroup>>;
  application: Awaited<ReturnType<typeof ensureApplication>>;
  checks: Map<KycStepId, StepCheck & { savedAt: Date }>;
  documents: DocumentRow[];
  flags: KycFlag[];
  tracking: OnboardingTracking;
}

/** Everything the answers are built from, read once. */
export async function loadApplicationState(db: Db, groupId: string): Promise<ApplicationState> {
  const group = await loadGroup(db, groupId);
  const application = await ensureApplication(db, groupId);
  const [drafts, documents, flagRows] = await Promise.all([
    db.selectFrom('kyc_step_drafts').selectAll().where('application_id', '=', application.id).execute(),
    currentDocuments(db, groupId, true),
    db.selectFrom('kyc_review_flags').selectAll().where('application_id', '=', application.id).orderBy('created_at').execute(),
  ]);
  const byId = new Map(documents.map((document) => [document.id, document]));
  const checks = new Map<KycStepId, StepCheck & { savedAt: Date }>();
  for (const draft of drafts) {
    const step = draft.step as KycStepId;
    checks.set(step, { ...checkStep(step, draft.data, byId), data: draft.data, savedAt: draft.updated_at });
  }
  const flags: KycFlag[] = flagRows.map((row) => {
    const step = flagStep(row, byId);
    // Decision 0703: a flag is outstanding while what it asks for is not done: its field still holds the value
    // it was flagged with, its whole step has not been saved since, its document is still the current one.
    const draft = step ? checks.get(step) : undefined;
    const outstanding =
      row.resolved_at === null &&
      (row.target_kind !== 'field'
        ? byId.get(row.target)?.replaced_by === null
        : isWholeStepTarget(row.target)
          ? !(draft && draft.savedAt > row.created_at)
          : holdsFlaggedValue(row.flagged_value, valueAtTarget(row.target, draft?.data ?? null)));
    return {
      id: row.id,
      targetKind: row.target_kind,
      target: row.target,
      step,
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by,
      resolvedAt: row.resolved_at?.toISOString() ?? null,
      outstanding,
    };
  });
  const open = flags.filter((flag) => flag.resolvedAt === null);
  const mode = modeOf(group.status);
  const steps = KYC_STEP_IDS.map((step) => {
    const check = checks.get(step);
    return {
      step,
      saved: Boolean(check),
      valid: check?.valid ?? false,
      savedAt: check?.savedAt.toISOString() ?? null,
      flagged: mode === 'resubmission' && open.some((flag) => flag.step === step),
      needsChanges: mode === 'resubmission' && open.some((flag) => flag.step === step && flag.outstanding),
    };
  });
  const tracking: OnboardingTracking = {
    merchantGroupId: group.id,
    applicationId: application.id,
    status: group.status,
    displayStatus: kycDisplayStatus(group.status),
    mode,
    steps,
    // In resubmission the applicant starts where the reviewer asked for changes not made yet.
    resumeStep:
      (mode === 'resubmission' ? (steps.find((step) => step.needsChanges) ?? steps.find((step) => step.flagged))?.step : undefined) ?? resumeStepOf(steps),
    canSubmit:
      mode !== 'readOnly' &&
      nextStatus(group.status, 'submit') !== undefined &&
      steps.every((step) => step.valid) &&
      unreplacedFlaggedDocuments({ documents, flags }).length === 0 &&
      unchangedFlaggedFields({ flags }).length === 0,
    flags,
  };
  return { group, application, checks, documents, flags, tracking };
}

/** Open document flags whose document is still the current one: resubmitting needs a replacement. */
export function unreplacedFlaggedDocuments(state: Pick<ApplicationState, 'documents' | 'flags'>): string[] {
  const current = new Set(state.documents.filter((document) => document.replaced_by === null).map((document) => document.id));
  return state.flags.filter((flag) => flag.resolvedAt === null && flag.targetKind === 'document' && current.has(flag.target)).map((flag) => flag.target);
}

/** Open field flags whose field still holds the value it was flagged with (decision 0703): their targets, in flag order. */
export function unchangedFlaggedFields(state: Pick<ApplicationState, 'flags'>): string[] {
  return [...new Set(state.flags.filter((flag) => flag.targetKind === 'field' && flag.outstanding).map((flag) => flag.target))];
}

/** Merchant-side readers see their own people by name and provider staff as the review team. */
export async function auditTrail(db: Db, groupId: string, viewerIsProvider = true): Promise<KycApplication['auditTrail']> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.created_at',
      'audit_log.action',
      'audit_log.detail',
      'audit_log.actor_user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.merchant_group_id',
    ])
    .where('audit_log.entity_type', '=', GROUP_ENTITY)
    .where('audit_log.entity_id', '=', groupId)
    .orderBy('audit_log.created_at')
    .orderBy('audit_log.id')
    .execute();
  return rows.map((row) => ({
    at: row.created_at.toISOString(),
    action: row.action,
    actor: !row.actor_user_id
      ? null
      : viewerIsProvider || row.merchant_group_id === groupId
        ? { userId: row.actor_user_id, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email ?? '' }
        : { userId: '', name: `${PRODUCT} review team`, email: '' },
    detail: row.detail ?? {},
  }));
}

export async function applicationAnswer(
  ctx: AppContext,
  caller: Caller,
  groupId: string,
  options: { includeEmptyRow?: boolean } = {},
): Promise<KycApplication> {
  const state = await loadApplicationState(ctx.db, groupId);
  const { group, application, tracking } = state;
  const trail = await auditTrail(ctx.db, groupId, isProviderStaff(caller));
  const openDocumentFlags = new Set(state.flags.filter((flag) => flag.resolvedAt === null && flag.targetKind === 'document').map((flag) => flag.target));
  const current = state.documents.filter((document) => document.replaced_by === null);
  const predecessor = new Map(state.documents.filter((row) => row.replaced_by).map((row) => [row.replaced_by!, row.id]));
  const documents = await Promise.all(current.map((row) => documentAnswer(ctx.tokenKey, row, caller, openDocumentFlags, predecessor.get(row.id) ?? null)));
  const rejection = group.status === 'Rejected' ? [...trail].reverse().find((entry) => entry.action === 'kyc.reject') : undefined;
  return {
    ...tracking,
    merchantGroupName: group.name,
    country: group.country,
    createdAt: application.created_at.toISOString(),
    updatedAt: application.updated_at.toISOString(),
    submittedAt: application.submitted_at?.toISOString() ?? null,
    statusChangedAt: group.status_changed_at.toISOString(),
    steps: tracking.steps.map((step) => {
      const check = state.checks.get(step.step);
      return {
        ...step,
        data: check?.data ?? (options.includeEmptyRow ? emptyRows(step.step) : null),
        errors: check?.errors ?? {},
        warnings: check?.warnings ?? [],
      };
    }),
    documents,
    rejectionReason: typeof rejection?.detail.reason === 'string' ? rejection.detail.reason : null,
    allowedActions: actionsFor(caller, groupId, group.status),
    auditTrail: trail,
  };
}

/** includeEmptyRow (spec 3 "Merchant confirmation fetch"): list steps start with one empty row. */
function emptyRows(step: KycStepId): Record<string, unknown> | null {
  if (step === 'company-stakeholders') return { stakeholders: [{ uboId: crypto.randomUUID(), kind: 'ubo' }] };
  if (step === 'settlement-accounts') return { accounts: [{ accountId: crypto.randomUUID() }] };
  return null;
}
