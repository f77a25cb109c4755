import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { PDF, upload, validSteps } from './kyc-fixtures';

// The whole onboarding through the real API: fill in, resume, submit, review, resubmit, approve,
// sign, activate (issue 5 "Done when", server half).

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

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  applicant = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  const opened = await post(applicant, `${MERCHANT_API}/merchant-groups/pre-init`, {});
  expect(opened.statusCode).toBe(200);
  groupId = opened.json().merchantGroupId;
  steps = await validSteps(app, applicant, groupId);
});
afterAll(async () => {
  await app.close();
});

describe('KYC application, applicant side', () => {
  it('opens the Created application at the overview with nothing valid yet', async () => {
    const tracking = await get(applicant, `${MERCHANT_API}/merchants/validate/${groupId}/onboarding-tracking`);
    expect(tracking.statusCode).toBe(200);
    expect(tracking.json()).toMatchObject({ status: 'Created', displayStatus: 'Created', mode: 'edit', resumeStep: 'application-overview', canSubmit: false });
  });

  it('saves an incomplete draft, answers its errors as i18n keys, and keeps it', async () => {
    const response = await save('company-details', { legalBusinessName: 'Alpine', businessAddress: { postal: '!!', country: 'Austria' } });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.valid).toBe(false);
    expect(answer.errors['businessAddress.postal']).toEqual(['kyc.validation.postal']);
    expect(answer.errors['businessAddress.country']).toEqual(['kyc.validation.country']);
    expect(answer.errors.certificateOfIncorporationDocumentId).toEqual(['kyc.validation.documentRequired']);
    const read = await get(applicant, confirmation());
    const step = read.json().steps.find((entry: { step: string }) => entry.step === 'company-details');
    expect(step).toMatchObject({ saved: true, valid: false, data: { legalBusinessName: 'Alpine' } });
  });

  it('takes currencies in circulation only: a settlement account or a processing currency in a made-up code is not valid', async () => {
    const account = (steps['settlement-accounts']!.accounts as Array<Record<string, unknown>>)[0]!;
    const accounts = await save('settlement-accounts', { accounts: [{ ...account, currency: 'abc' }] });
    expect(accounts.json().valid).toBe(false);
    expect(accounts.json().errors['accounts.0.currency']).toEqual(['kyc.validation.currency']);
    const processing = await save('processing-details', { ...steps['processing-details'], currencies: ['EUR', 'XXX', 'KWD'] });
    expect(processing.json().valid).toBe(false);
    expect(processing.json().errors['currencies.1']).toEqual(['kyc.validation.currency']);
    expect(processing.json().errors['currencies.2']).toBeUndefined();
  });

  it('resumes at the first incomplete step after the earlier ones are saved', async () => {
    for (const step of ['application-overview', 'company-details', 'business-information']) expect((await save(step, steps[step])).json().valid).toBe(true);
    const tracking = await get(applicant, `${MERCHANT_API}/merchants/validate/${groupId}/onboarding-tracking`);
    expect(tracking.json().resumeStep).toBe('sanctions-exposure');
    const read = (await get(applicant, confirmation())).json();
    expect(read.steps[1].data.businessAddress.city).toBe('Innsbruck');
    expect(read.steps[1].data.contactEmail).toBe('office@alpine-lodges.example');
  });

  it('warns, without refusing, when the owners do not add up to 100%', async () => {
    const stakeholders = steps['company-stakeholders']!;
    const people = stakeholders.stakeholders as Array<Record<string, unknown>>;
    const answer = (await save('company-stakeholders', { ...stakeholders, stakeholders: [{ ...people[0], shareOwnership: 60 }] })).json();
    expect(answer.valid).toBe(true);
    expect(answer.warnings).toEqual([{ path: 'stakeholders', message: 'kyc.warning.sharesBelow100' }]);
  });

  it('refuses to submit while a step is incomplete', async () => {
    const response = await post(applicant, `${confirmation()}/submit`);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toHaveProperty('processing-details', ['kyc.validation.stepIncomplete']);
    expect(response.json()).toMatchObject({
      detail: 'every step must be complete before the application is submitted',
      code: 'kycApplication.stepsIncomplete',
    });
    expect((await get(applicant, confirmation())).json().status).toBe('Created');
  });

  it('submits once every step is valid and then refuses changes', async () => {
    for (const step of Object.keys(steps)) {
      const r = await save(step, steps[step]);
      expect(r.json().valid, `${step} ${r.body}`).toBe(true);
    }
    const submitted = await post(applicant, `${confirmation()}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'Pending', mode: 'readOnly', canSubmit: false });
    expect(submitted.json().documents.every((document: { status: string }) => document.status === 'Waited')).toBe(true);
    const late = await save('company-details', steps['company-details']);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      detail: 'the application is Pending: it cannot be changed now',
      code: 'kycApplication.cannotChangeNow',
      params: { status: 'Pending' },
    });
  });
});

describe('KYC review and the lifecycle', () => {
  let flaggedDocument: string;

  it('lists the application for provider staff, found by name', async () => {
    const list = await post(admin, `${MERCHANT_API}/merchant-groups/search`, { search: 'alpine', statuses: ['Pending'] });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([expect.objectContaining({ merchantGroupId: groupId, status: 'Pending', displayStatus: 'Pending' })]);
  });

  it('starts the review and sends it back flagging one document', async () => {
    const review = await act({ action: 'startReview' });
    expect(review.statusCode).toBe(200);
    expect(review.json().allowedActions).toEqual(['requestResubmission', 'approve', 'reject', 'delete']);
    flaggedDocument = steps['company-details']!.certificateOfIncorporationDocumentId as string;
    const back = await act({
      action: 'requestResubmission',
      flags: [
        { targetKind: 'document', target: flaggedDocument, reason: 'The certificate is unreadable' },
        { targetKind: 'field', target: 'company-stakeholders.stakeholders.0.proofOfIdentityDocumentId', reason: 'The passport has expired' },
      ],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'SentForResubmission' });
    expect(back.json().documents.find((document: { documentId: string }) => document.documentId === flaggedDocument)).toMatchObject({
      status: 'Failed',
      flagged: true,
    });
  });

  it('lets the applicant change only the flagged document, then resubmit', async () => {
    const tracking = (await get(applicant, `${MERCHANT_API}/merchants/validate/${groupId}/onboarding-tracking`)).json();
    expect(tracking).toMatchObject({ mode: 'resubmission', resumeStep: 'company-details', canSubmit: false });
    expect(tracking.steps.filter((step: { flagged: boolean }) => step.flagged).map((step: { step: string }) => step.step)).toEqual([
      'company-details',
      'company-stakeholders',
    ]);
    const sneaky = await save('company-details', { ...steps['company-details'], legalBusinessName: 'Something Else GmbH' });
    expect(sneaky.statusCode).toBe(409);
    expect(sneaky.json().errors).toEqual({ 'company-details.legalBusinessName': ['kyc.validation.notFlagged'] });
    expect(sneaky.json()).toMatchObject({ detail: 'only the fields and documents the reviewer flagged can change', code: 'kycApplication.onlyFlaggedChange' });
    const other = steps['company-details']!.proofOfPrincipalPlaceOfBusinessDocumentId as string;
    const wrongReplace = await upload(app, applicant, groupId, {
      documentType: '5',
      documentGroup: 'Merchant',
      header: 'company-details',
      replacesDocumentId: other,
    });
    expect(wrongReplace.statusCode).toBe(409);
    expect(wrongReplace.json()).toMatchObject({
      detail: 'only the documents the reviewer flagged can be replaced now',
      code: 'kycDocument.onlyFlaggedReplaced',
    });
    // A document held by a flagged field may be replaced too.
    const people = steps['company-stakeholders']!.stakeholders as Array<Record<string, string>>;
    const passport = await upload(
      app,
      applicant,
      groupId,
      { documentType: '11', documentGroup: 'UBO', header: 'company-stakeholders', replacesDocumentId: people[0]!.proofOfIdentityDocumentId! },
      { name: 'new-passport.pdf', content: PDF },
    );
    expect(passport.statusCode).toBe(201);
    expect(passport.json().ownerRef).toBe(people[0]!.uboId);
    const early = await post(applicant, `${confirmation()}/submit`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual({ [flaggedDocument]: ['kyc.validation.flaggedDocumentNotReplaced'] });
    expect(early.json()).toMatchObject({
      detail: 'replace the documents the reviewer flagged before resubmitting',
      code: 'kycApplication.flaggedDocumentsNotReplaced',
    });
    const replaced = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details', replacesDocumentId: flaggedDocument },
      { name: 'certificate-clear.pdf', content: PDF },
    );
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json().replaces).toBe(flaggedDocument);
    // A wrong replacement can be redone: the replacement of a flagged document may be replaced again.
    const redone = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details', replacesDocumentId: replaced.json().documentId },
      { name: 'certificate-final.pdf', content: PDF },
    );
    expect(redone.statusCode).toBe(201);
    const newId = redone.json().documentId;
    const read = (await get(applicant, confirmation())).json();
    expect(read.steps[1].data.certificateOfIncorporationDocumentId).toBe(newId);
    expect(read.canSubmit).toBe(true);
    const history = (await get(applicant, `${MERCHANT_API}/kyc/applications/${groupId}/documents?includeHistory=true`)).json();
    const company = history.headers.find((entry: { header: string }) => entry.header === 'company-details').documents;
    expect(company.find((document: { documentId: string }) => document.documentId === flaggedDocument)).toMatchObject({
      replacedBy: replaced.json().documentId,
    });
    expect(company.find((document: { documentId: string }) => document.documentId === newId)).toMatchObject({
      replaces: replaced.json().documentId,
      replacedBy: null,
    });
    const again = await post(applicant, `${confirmation()}/submit`);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('Pending');
    expect(again.json().flags.every((flag: { resolvedAt: string | null }) => flag.resolvedAt !== null)).toBe(true);
  });

  it('approves, sends the contract, records it signed and activates, shown as Contract Pending until Active', async () => {
    expect((await act({ action: 'approve' })).statusCode).toBe(409);
    expect((await act({ action: 'startReview' })).statusCode).toBe(200);
    const approved = await act({ action: 'approve', note: 'All good' });
    expect(approved.json()).toMatchObject({ status: 'Approved', displayStatus: 'Approved' });
    expect(approved.json().documents.every((document: { status: string }) => document.status === 'Approved')).toBe(true);
    const group = () => app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups/${groupId}`, headers: bearer(admin) });
    expect((await group()).json().allowedActions).toEqual(['sendContract', 'delete']);

    // Decision 0536: a contract is sent before it is signed; signing an unsent one is refused.
    const signUrl = `${MERCHANT_API}/merchant-groups/sign-contract/${groupId}`;
    const unsent = await app.inject({ method: 'PUT', url: signUrl, headers: bearer(admin) });
    expect(unsent.statusCode).toBe(409);
    expect(unsent.headers['content-type']).toContain('application/problem+json');
    expect(unsent.json().detail).toBe('the application is Approved: signContract is not allowed now (allowed: sendContract, delete)');
    expect(unsent.json()).toMatchObject({ code: 'kycApplication.actionNotAllowed', params: { status: 'Approved' } });
    // Only provider reviewers send it: the applicant is refused, and nothing moved.
    const byApplicant = await post(applicant, `${MERCHANT_API}/kyc/applications/${groupId}/transitions`, { action: 'sendContract' });
    expect(byApplicant.statusCode).toBe(403);
    expect(byApplicant.headers['content-type']).toContain('application/problem+json');
    const sent = await act({ action: 'sendContract' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'ContractPending', displayStatus: 'Approved' });
    expect((await group()).json()).toMatchObject({ status: 'ContractPending', allowedActions: ['signContract', 'delete'] });
    const twice = await act({ action: 'sendContract' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('the application is ContractPending: sendContract is not allowed now (allowed: signContract, delete)');
    expect((await app.inject({ method: 'PUT', url: `${MERCHANT_API}/merchant-groups/activate/${groupId}`, headers: bearer(admin) })).statusCode).toBe(409);

    const signed = await app.inject({ method: 'PUT', url: signUrl, headers: bearer(admin) });
    expect(signed.json()).toMatchObject({ status: 'ContractSigned', displayStatus: 'Approved', allowedActions: ['activate', 'delete'] });
    const active = await app.inject({ method: 'PUT', url: `${MERCHANT_API}/merchant-groups/activate/${groupId}`, headers: bearer(admin) });
    expect(active.json()).toMatchObject({ status: 'Active', allowedActions: [] });
    const deleted = await act({ action: 'delete' });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.headers['content-type']).toContain('application/problem+json');
    expect(deleted.json().detail).toBe('the application is Active: delete is not allowed now (allowed: nothing)');
  });

  it('shows who did what, in order, as the audit trail', async () => {
    const trail = (await get(admin, `${MERCHANT_API}/kyc/applications/${groupId}`)).json().auditTrail;
    expect(trail.map((entry: { action: string }) => entry.action)).toEqual([
      'kyc.submit',
      'kyc.startReview',
      'kyc.requestResubmission',
      'kyc.replaceDocument',
      'kyc.replaceDocument',
      'kyc.replaceDocument',
      'kyc.submit',
      'kyc.startReview',
      'kyc.approve',
      'kyc.sendContract',
      'kyc.signContract',
      'kyc.activate',
    ]);
    expect(trail[0].actor.email).toBe('applicant@demo.folio.test');
    expect(trail[1].actor.email).toBe('folioadmin@demo.folio.test');
    expect(trail[2].detail).toMatchObject({ from: 'InReview', to: 'SentForResubmission' });
    const applicantView = (await get(applicant, confirmation())).json().auditTrail;
    expect(applicantView[0].actor.email).toBe('applicant@demo.folio.test');
    expect(applicantView[1].actor).toEqual({ userId: '', name: 'Folio review team', email: '' });
  });
});
