import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_MAX_BYTES } from '../../contract/kyc/documents';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { EXE, PDF, PNG, upload } from './kyc-fixtures';

// What the KYC API refuses (issue 5 "Done when"): each refusal is a problem JSON and stores nothing.

let app: FastifyInstance;
let applicant: string;
let otherMerchant: string;
let admin: string;
let groupId: string;
let otherGroupId: string;
const confirmation = (id: string) => `${MERCHANT_API}/merchants/confirmation/${id}`;

async function stored() {
  const documents = await app.ctx.db.selectFrom('documents').select('id').where('merchant_group_id', '=', groupId).execute();
  const application = await app.ctx.db.selectFrom('kyc_applications').select('id').where('merchant_group_id', '=', groupId).executeTakeFirstOrThrow();
  const drafts = await app.ctx.db.selectFrom('kyc_step_drafts').select(['step', 'data']).where('application_id', '=', application.id).execute();
  const dir = path.join(app.ctx.config.filesDir, 'kyc', groupId);
  const files = existsSync(dir) ? readdirSync(dir) : [];
  return { documents: documents.length, drafts, files: files.length };
}

function expectProblem(response: { statusCode: number; headers: Record<string, unknown>; json: () => Record<string, unknown> }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
  expect(response.json()).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
}

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  applicant = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
  otherMerchant = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  groupId = (await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/pre-init`, headers: bearer(applicant), payload: {} })).json()
    .merchantGroupId;
  otherGroupId = (await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/pre-init`, headers: bearer(otherMerchant), payload: {} })).json()
    .merchantGroupId;
});
afterAll(async () => {
  await app.close();
});

describe('KYC refusals', () => {
  it("refuses a step saved by another merchant's user, and stores nothing", async () => {
    expect(otherGroupId).not.toBe(groupId);
    const before = await stored();
    const response = await app.inject({
      method: 'POST',
      url: confirmation(groupId),
      headers: bearer(otherMerchant),
      payload: { step: 'application-overview', data: { acknowledged: true } },
    });
    expectProblem(response, 403);
    expect(await stored()).toEqual(before);
    const peek = await app.inject({ method: 'GET', url: confirmation(groupId), headers: bearer(otherMerchant) });
    expectProblem(peek, 403);
    const theirUpload = await upload(app, otherMerchant, groupId, { documentType: '1', documentGroup: 'Merchant', header: 'company-details' });
    expectProblem(theirUpload, 403);
    expect(await stored()).toEqual(before);
  });

  it('refuses provider staff editing the applicant’s answers, and applicants acting as reviewers', async () => {
    expectProblem(
      await app.inject({
        method: 'POST',
        url: confirmation(groupId),
        headers: bearer(admin),
        payload: { step: 'application-overview', data: { acknowledged: true } },
      }),
      403,
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: `${MERCHANT_API}/kyc/applications/${groupId}/transitions`,
        headers: bearer(applicant),
        payload: { action: 'approve' },
      }),
      403,
    );
    // The applicant may read applications (Read on KYCApplications), scoped to their own group.
    const own = await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/search`, headers: bearer(applicant), payload: {} });
    expect(own.json()).toMatchObject({ total: 1, items: [{ merchantGroupId: groupId }] });
    expectProblem(await app.inject({ method: 'PUT', url: `${MERCHANT_API}/merchant-groups/activate/${groupId}`, headers: bearer(applicant) }), 403);
  });

  it('refuses a transition the lifecycle forbids with 409, and the status stays', async () => {
    const approve = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/kyc/applications/${groupId}/transitions`,
      headers: bearer(admin),
      payload: { action: 'approve' },
    });
    expectProblem(approve, 409);
    expect(approve.json().detail).toBe('the application is Created: approve is not allowed now (allowed: submit, delete, expire)');
    expect(approve.json()).toMatchObject({ code: 'kycApplication.actionNotAllowed', params: { status: 'Created' } });
    const activate = await app.inject({ method: 'PUT', url: `${MERCHANT_API}/merchant-groups/activate/${groupId}`, headers: bearer(admin) });
    expectProblem(activate, 409);
    const group = await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups/${groupId}`, headers: bearer(admin) });
    expect(group.json()).toMatchObject({ status: 'Created', allowedActions: ['delete'] });
    const trail = await app.ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', groupId).execute();
    expect(trail).toEqual([]);
  });

  it('refuses a file whose content is not PDF, JPEG or PNG, whatever its name (415), storing nothing', async () => {
    const before = await stored();
    const response = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details' },
      { name: 'certificate.pdf', content: EXE },
    );
    expectProblem(response, 415);
    expect(response.json().detail).toContain('only PDF, JPEG or PNG');
    expect(response.json().code).toBe('kycDocument.typeNotAccepted');
    const text = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details' },
      { name: 'certificate.png', content: Buffer.from('just some text, not an image') },
    );
    expectProblem(text, 415);
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over the size limit (413), storing nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([PDF, Buffer.alloc(KYC_DOCUMENT_MAX_BYTES, 0x20)]);
    const response = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details' },
      { name: 'huge.pdf', content: big },
    );
    expectProblem(response, 413);
    expect(await stored()).toEqual(before);
  });

  it('refuses an upload without a file, with bad fields, or not multipart (400/415)', async () => {
    const before = await stored();
    const noFile = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`,
      headers: { ...bearer(applicant), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="documentType"\r\n\r\n1\r\n--x--\r\n',
    });
    expectProblem(noFile, 400);
    const badType = await upload(app, applicant, groupId, { documentType: '17', documentGroup: 'Nowhere', header: 'company-details' });
    expectProblem(badType, 400);
    expect(badType.json().errors).toMatchObject({ documentType: ['kyc.validation.documentType'], documentGroup: ['kyc.validation.documentGroup'] });
    const wrongSection = await upload(app, applicant, groupId, { documentType: '8', documentGroup: 'Settlement', header: 'company-details' });
    expectProblem(wrongSection, 400);
    expect(wrongSection.json().errors).toEqual({ documentType: ['kyc.validation.documentWrongType'] });
    const noOwner = await upload(app, applicant, groupId, { documentType: '11', documentGroup: 'UBO', header: 'company-stakeholders' });
    expectProblem(noOwner, 400);
    expect(noOwner.json().errors).toEqual({ ownerRef: ['kyc.validation.id'] });
    const json = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`,
      headers: bearer(applicant),
      payload: { file: 'x' },
    });
    expectProblem(json, 415);
    expect(await stored()).toEqual(before);
  });

  it('accepts a PNG by its content and serves it only through its access url', async () => {
    const response = await upload(
      app,
      applicant,
      groupId,
      { documentType: '11', documentGroup: 'UBO', header: 'company-stakeholders', ownerRef: '5b0c4f1e-6f0a-4c1e-9d7a-2f5a8e3b9c10' },
      { name: 'passport.jpg', content: PNG, type: 'image/jpeg' },
    );
    expect(response.statusCode).toBe(201);
    const document = response.json();
    expect(document).toMatchObject({ contentType: 'image/png', status: 'Created', documentTypeName: 'ProofOfIdentity', name: 'passport.jpg' });
    const opened = await app.inject({ method: 'GET', url: document.accessUrl, headers: bearer(applicant) });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toBe(`inline; filename="passport.jpg"; filename*=UTF-8''passport.jpg`);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.rawPayload.equals(PNG)).toBe(true);
    const forged = await app.inject({ method: 'GET', url: `${document.accessUrl.split('?')[0]}?expires=4102444800&sig=forged`, headers: bearer(applicant) });
    expectProblem(forged, 403);
    const bare = await app.inject({ method: 'GET', url: document.accessUrl.split('?')[0], headers: bearer(otherMerchant) });
    expectProblem(bare, 404);
    // A provider reviewer gets a url of their own from the application; the other merchant gets none.
    const asAdmin = (await app.inject({ method: 'GET', url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`, headers: bearer(admin) })).json();
    const adminUrl = asAdmin.headers[0].documents[0].accessUrl as string;
    expect((await app.inject({ method: 'GET', url: adminUrl, headers: bearer(admin) })).statusCode).toBe(200);
    expectProblem(await app.inject({ method: 'GET', url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`, headers: bearer(otherMerchant) }), 403);
  });

  it('keeps a non-ASCII file name readable and the header valid', async () => {
    const response = await upload(
      app,
      applicant,
      groupId,
      { documentType: '1', documentGroup: 'Merchant', header: 'company-details' },
      { name: 'Gründungsurkunde.pdf', content: PDF },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Gründungsurkunde.pdf');
    const opened = await app.inject({ method: 'GET', url: response.json().accessUrl, headers: bearer(applicant) });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toBe(`inline; filename="Gr_ndungsurkunde.pdf"; filename*=UTF-8''Gr%C3%BCndungsurkunde.pdf`);
  });

  it('refuses an oversized or malformed body with a problem JSON and stores nothing', async () => {
    const before = await stored();
    const huge = { step: 'company-details', data: { legalBusinessName: 'x'.repeat(1024 * 1024 + 10) } };
    const tooLarge = await app.inject({ method: 'POST', url: confirmation(groupId), headers: bearer(applicant), payload: huge });
    expectProblem(tooLarge, 413);
    const bigDraft = await app.inject({
      method: 'POST',
      url: confirmation(groupId),
      headers: bearer(applicant),
      payload: { step: 'company-details', data: { notes: 'y'.repeat(300 * 1024) } },
    });
    expectProblem(bigDraft, 413);
    const malformed = await app.inject({
      method: 'POST',
      url: confirmation(groupId),
      headers: { ...bearer(applicant), 'content-type': 'application/json' },
      payload: '{"step":"company-details","data":',
    });
    expectProblem(malformed, 400);
    const notAnObject = await app.inject({
      method: 'POST',
      url: confirmation(groupId),
      headers: bearer(applicant),
      payload: { step: 'company-details', data: ['a'] },
    });
    expectProblem(notAnObject, 400);
    expect(notAnObject.json().errors).toEqual({ data: ['kyc.validation.stepData'] });
    const unknownStep = await app.inject({
      method: 'POST',
      url: confirmation(groupId),
      headers: bearer(applicant),
      payload: { step: 'payment-details', data: {} },
    });
    expectProblem(unknownStep, 400);
    const badId = await app.inject({
      method: 'POST',
      url: confirmation('not-a-uuid'),
      headers: bearer(applicant),
      payload: { step: 'company-details', data: {} },
    });
    expectProblem(badId, 400);
    expect(await stored()).toEqual(before);
  });

  it('refuses review flags that name nothing in the application', async () => {
    const own = await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups?pageSize=100`, headers: bearer(admin) });
    const pending = own.json().items.find((group: { status: string }) => group.status === 'Pending');
    expect(pending).toBeDefined();
    await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/kyc/applications/${pending.merchantGroupId}/transitions`,
      headers: bearer(admin),
      payload: { action: 'startReview' },
    });
    const response = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/kyc/applications/${pending.merchantGroupId}/transitions`,
      headers: bearer(admin),
      payload: {
        action: 'requestResubmission',
        flags: [
          { targetKind: 'document', target: '00000000-0000-4000-8000-000000000000', reason: 'blurry' },
          { targetKind: 'field', target: 'nowhere.field', reason: 'wrong' },
        ],
      },
    });
    expectProblem(response, 400);
    expect(response.json().errors).toEqual({ 'flags.0.target': ['kyc.validation.flagTarget'], 'flags.1.target': ['kyc.validation.flagTarget'] });
    const noReason = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/kyc/applications/${pending.merchantGroupId}/transitions`,
      headers: bearer(admin),
      payload: { action: 'reject' },
    });
    expectProblem(noReason, 400);
    expect(noReason.json().errors).toEqual({ reason: ['kyc.validation.reasonRequired'] });
    const group = await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups/${pending.merchantGroupId}`, headers: bearer(admin) });
    expect(group.json().status).toBe('InReview');
  });
});
