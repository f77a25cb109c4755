import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { up as recordFlaggedValues } from '../../server/db/migrations/0410-kyc-flagged-field-values';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { PDF, upload, validSteps } from './kyc-fixtures';

// Decision 0703: a field the reviewer flagged must really change before the application is resubmitted. Through
// the real API on a real database: the flag remembers the field's value, a resubmission with the value unchanged is
// refused with a code naming the field, a changed field lets it through; the documents' rule stays as it was.

let app: FastifyInstance;
let applicant: string;
let admin: string;
let groupId: string;
let steps: Record<string, Record<string, unknown>>;
const confirmation = () => `${MERCHANT_API}/merchants/confirmation/${groupId}`;
const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: bearer(token), payload });
const save = (step: string, data: unknown) => post(applicant, confirmation(), { step, data });
const act = (body: object) => post(admin, `${MERCHANT_API}/kyc/applications/${groupId}/transitions`, body);
const submit = () => post(applicant, `${confirmation()}/submit`);
const tracking = async () => (await get(applicant, `${MERCHANT_API}/merchants/validate/${groupId}/onboarding-tracking`)).json();
type StepState = { step: string; flagged: boolean; needsChanges: boolean };
const needingChanges = (answer: { steps: StepState[] }) => answer.steps.filter((step) => step.needsChanges).map((step) => step.step);

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  applicant = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  groupId = (await post(applicant, `${MERCHANT_API}/merchant-groups/pre-init`, {})).json().merchantGroupId;
  steps = await validSteps(app, applicant, groupId);
  for (const [step, data] of Object.entries(steps)) expect((await save(step, data)).json().valid, step).toBe(true);
  expect((await submit()).statusCode).toBe(200);
  expect((await act({ action: 'startReview' })).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

describe('a flagged field must change before the application is resubmitted', () => {
  it('refuses a resubmission while a flagged field holds its flagged value, naming it with a stable code', async () => {
    const back = await act({
      action: 'requestResubmission',
      flags: [
        { targetKind: 'field', target: 'company-details.registrationNumber', reason: 'The number does not match the register' },
        { targetKind: 'field', target: 'company-details.businessAddress.postal', reason: 'The postal code does not match the certificate' },
      ],
    });
    expect(back.statusCode).toBe(200);
    const before = await tracking();
    expect(before).toMatchObject({ mode: 'resubmission', resumeStep: 'company-details', canSubmit: false });
    expect(needingChanges(before)).toEqual(['company-details']);

    // Saving the step as it was (a normalised "at" is the same "AT") changes nothing the reviewer flagged.
    expect((await save('company-details', steps['company-details'])).statusCode).toBe(200);
    const unchanged = await submit();
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.headers['content-type']).toContain('application/problem+json');
    expect(unchanged.json()).toMatchObject({
      code: 'kycApplication.flaggedFieldsUnchanged',
      params: { fields: 'company-details.registrationNumber, company-details.businessAddress.postal', count: 2 },
      errors: {
        'company-details.registrationNumber': ['kyc.validation.flaggedFieldUnchanged'],
        'company-details.businessAddress.postal': ['kyc.validation.flaggedFieldUnchanged'],
      },
    });
    expect((await tracking()).status).toBe('SentForResubmission');
  });

  it('names only the field still unchanged once the other has changed, and the step no longer needs changes when both have', async () => {
    const details = steps['company-details']!;
    const address = details.businessAddress as Record<string, unknown>;
    const first = await save('company-details', { ...details, registrationNumber: 'FN 654321b' });
    expect(first.statusCode).toBe(200);
    expect(needingChanges(first.json())).toEqual(['company-details']);
    const refused = await submit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'kycApplication.flaggedFieldsUnchanged',
      params: { fields: 'company-details.businessAddress.postal', count: 1 },
    });

    // A change undone is no change.
    const undone = await save('company-details', { ...details, registrationNumber: details.registrationNumber });
    expect(needingChanges(undone.json())).toEqual(['company-details']);
    expect((await submit()).json().params).toEqual({ fields: 'company-details.registrationNumber, company-details.businessAddress.postal', count: 2 });

    const changed = await save('company-details', { ...details, registrationNumber: 'FN 654321b', businessAddress: { ...address, postal: '6021' } });
    expect(changed.statusCode).toBe(200);
    expect(needingChanges(changed.json())).toEqual([]);
    expect(changed.json()).toMatchObject({ canSubmit: true });
    // The step stays open to change until the resubmission: the flags are open, just no longer outstanding.
    expect(changed.json().steps.find((step: StepState) => step.step === 'company-details')).toMatchObject({ flagged: true, needsChanges: false });
    expect(changed.json().flags.map((flag: { outstanding: boolean; resolvedAt: string | null }) => [flag.outstanding, flag.resolvedAt])).toEqual([
      [false, null],
      [false, null],
    ]);

    const resubmitted = await submit();
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().status).toBe('Pending');
  });

  it('keeps the documents rule: a flagged document must be replaced, a field flag on a document is answered by its replacement', async () => {
    expect((await act({ action: 'startReview' })).statusCode).toBe(200);
    const read = (await get(applicant, confirmation())).json();
    const certificate = read.steps[1].data.certificateOfIncorporationDocumentId as string;
    const stakeholders = read.steps[4].data.stakeholders as Array<Record<string, string>>;
    const back = await act({
      action: 'requestResubmission',
      flags: [
        { targetKind: 'document', target: certificate, reason: 'The certificate is unreadable' },
        { targetKind: 'field', target: 'company-stakeholders.stakeholders.0.proofOfIdentityDocumentId', reason: 'The passport has expired' },
      ],
    });
    expect(back.statusCode).toBe(200);
    expect(needingChanges(await tracking())).toEqual(['company-details', 'company-stakeholders']);

    // Both requests outstanding are told in one refusal (decision 0708), not the document first and the field next time.
    const early = await submit();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'kycApplication.flaggedRequestsOutstanding',
      params: { documents: 1, fields: 'company-stakeholders.stakeholders.0.proofOfIdentityDocumentId', count: 1 },
      errors: {
        [certificate]: ['kyc.validation.flaggedDocumentNotReplaced'],
        'company-stakeholders.stakeholders.0.proofOfIdentityDocumentId': ['kyc.validation.flaggedFieldUnchanged'],
      },
    });
    const certificateAgain = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details', replacesDocumentId: certificate },
      { name: 'certificate-clear.pdf', content: PDF },
    );
    expect(certificateAgain.statusCode).toBe(201);
    const fieldLeft = await submit();
    expect(fieldLeft.statusCode).toBe(409);
    expect(fieldLeft.json()).toMatchObject({
      code: 'kycApplication.flaggedFieldsUnchanged',
      params: { fields: 'company-stakeholders.stakeholders.0.proofOfIdentityDocumentId', count: 1 },
    });
    expect(needingChanges(await tracking())).toEqual(['company-stakeholders']);
    const passport = await upload(
      app,
      applicant,
      groupId,
      { documentType: '11', documentGroup: 'UBO', header: 'company-stakeholders', replacesDocumentId: stakeholders[0]!.proofOfIdentityDocumentId! },
      { name: 'new-passport.pdf', content: PDF },
    );
    expect(passport.statusCode).toBe(201);
    expect(needingChanges(await tracking())).toEqual([]);
    expect((await submit()).statusCode).toBe(200);
  });

  it('answers a flag on a whole step by saving the step again: the overview holds nothing else that is valid', async () => {
    expect((await act({ action: 'startReview' })).statusCode).toBe(200);
    const back = await act({
      action: 'requestResubmission',
      flags: [{ targetKind: 'field', target: 'application-overview', reason: 'Please check this part again' }],
    });
    expect(back.statusCode).toBe(200);
    expect(needingChanges(await tracking())).toEqual(['application-overview']);
    const unread = await submit();
    expect(unread.statusCode).toBe(409);
    expect(unread.json()).toMatchObject({ code: 'kycApplication.flaggedFieldsUnchanged', params: { fields: 'application-overview', count: 1 } });
    // Checked and saved again as it was: the request is answered.
    expect((await save('application-overview', steps['application-overview'])).json().valid).toBe(true);
    expect(needingChanges(await tracking())).toEqual([]);
    expect((await submit()).statusCode).toBe(200);
  });

  it('records, for a flag from before the migration, the value its step still holds, and leaves unknown one whose step was saved since', async () => {
    expect((await act({ action: 'startReview' })).statusCode).toBe(200);
    expect(
      (
        await act({
          action: 'requestResubmission',
          flags: [
            { targetKind: 'field', target: 'processing-details.maxTransactionAmount', reason: 'Too low for a hotel' },
            { targetKind: 'field', target: 'company-details.website', reason: 'The site does not load' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const db = app.ctx.db;
    // As if the flags were written before migration 0410, and company details saved after them.
    const application = sql`(SELECT id FROM kyc_applications WHERE merchant_group_id = ${groupId})`;
    await sql`UPDATE kyc_review_flags SET flagged_value = NULL WHERE resolved_at IS NULL AND application_id = ${application}`.execute(db);
    await sql`UPDATE kyc_step_drafts SET updated_at = now() + interval '1 minute' WHERE step = 'company-details' AND application_id = ${application}`.execute(
      db,
    );
    await recordFlaggedValues(db as never);
    const refused = await submit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().params).toEqual({ fields: 'processing-details.maxTransactionAmount', count: 1 });
  });
});
