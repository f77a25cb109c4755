import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { signedLinkExpiry } from '../../contract/signed-link';
import { verifyAccessToken } from '../../server/auth/tokens';
import { DOCUMENT_LINK_TTL_SECONDS, documentLink, type DocumentViewer } from '../../server/kyc/document-access';
import { needsRenewal } from '../../src/lib/document-links';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { PDF, upload } from './kyc-fixtures';

// KYC document links (issue 12 "Document links"; decision 0185): short-lived, bound to the
// document, the user and the session, opened by the browser holding that live session (the
// access-token cookie a navigation carries), and only while the user may see the group.

interface Browser {
  accessToken: string;
  cookies: Record<string, string>;
}

let app: FastifyInstance;
let applicant: Browser;
let otherGroupAdmin: Browser;
let reviewer: Browser;
let groupId: string;
let documentId: string;

async function browser(email: string): Promise<Browser> {
  const { accessToken, cookies } = await signIn(app, email);
  return { accessToken, cookies };
}

async function viewerOf(who: Browser): Promise<DocumentViewer> {
  const claims = await verifyAccessToken(app.ctx.tokenKey, who.accessToken);
  if (!claims) throw new Error('no access token');
  return claims;
}

/** The browser follows the link: a plain navigation, cookies only. */
function open(url: string, who?: Browser): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, cookies: who?.cookies ?? {} });
}

async function linkFor(who: Browser): Promise<string> {
  const list = await app.inject({ method: 'GET', url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`, headers: bearer(who.accessToken) });
  expect(list.statusCode).toBe(200);
  const documents = list.json().headers.flatMap((header: { documents: { documentId: string; accessUrl: string }[] }) => header.documents);
  return documents.find((document: { documentId: string }) => document.documentId === documentId).accessUrl;
}

async function signOut(who: Browser): Promise<void> {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', cookies: who.cookies });
  const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token')?.value ?? '';
  const out = await app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    cookies: { ...who.cookies, 'folio.csrf-token': csrfCookie },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrfToken: csrf.json().csrfToken }).toString(),
  });
  expect(out.statusCode).toBe(200);
}

function expectRefused(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.rawPayload.subarray(0, 5).toString()).not.toBe('%PDF-');
}

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  applicant = await browser('applicant@demo.folio.test');
  otherGroupAdmin = await browser('merchantadmin@demo.folio.test');
  reviewer = await browser('folioadmin@demo.folio.test');
  groupId = (await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/pre-init`, headers: bearer(applicant.accessToken), payload: {} })).json()
    .merchantGroupId;
  const uploaded = await upload(
    app,
    applicant.accessToken,
    groupId,
    { documentType: '1', documentGroup: 'Merchant', header: 'company-details' },
    { name: 'certificate.pdf', content: PDF },
  );
  expect(uploaded.statusCode).toBe(201);
  documentId = uploaded.json().documentId;
});
afterAll(async () => {
  await app.close();
});

describe('KYC document links', () => {
  it('carry no token of the session: only an expiry within minutes and a signature', async () => {
    const link = await linkFor(applicant);
    for (const secret of [applicant.accessToken, ...Object.values(applicant.cookies)]) expect(link).not.toContain(secret);
    expect(link).not.toMatch(/eyJ/); // no JWT of any kind
    const query = new URLSearchParams(link.split('?')[1]);
    expect([...query.keys()].sort()).toEqual(['expires', 'sig']);
    const expiry = signedLinkExpiry(link)!.getTime();
    expect(expiry).toBeGreaterThan(Date.now());
    expect(expiry).toBeLessThanOrEqual(Date.now() + DOCUMENT_LINK_TTL_SECONDS * 1000);
  });

  it('tell the SPA when to renew them: not while fresh, once their time is nearly over', async () => {
    const link = await linkFor(applicant);
    expect(needsRenewal(link)).toBe(false);
    expect(needsRenewal(link, Date.now() + (DOCUMENT_LINK_TTL_SECONDS - 10) * 1000)).toBe(true);
  });

  it('open in the browser that holds the session, for the group and for provider staff', async () => {
    const opened = await open(await linkFor(applicant), applicant);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    expect((await open(await linkFor(reviewer), reviewer)).statusCode).toBe(200);
  });

  it('do not open without that session: no cookies, or another user of the same group of rights', async () => {
    const link = await linkFor(applicant);
    expectRefused(await open(link), 401);
    // The reviewer may see the document, but this link was issued to the applicant's session.
    expectRefused(await open(link, reviewer), 403);
  });

  it("another group's merchant admin opens neither the applicant's link nor one issued to them", async () => {
    const link = await linkFor(applicant);
    expectRefused(await app.inject({ method: 'GET', url: link, headers: bearer(otherGroupAdmin.accessToken) }), 403);
    expectRefused(await open(link, otherGroupAdmin), 403);
    // They are given no link: the list is refused...
    const list = await app.inject({
      method: 'GET',
      url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`,
      headers: bearer(otherGroupAdmin.accessToken),
    });
    expect(list.statusCode).toBe(403);
    // ...and a correctly signed link of their own session still meets the group check when opened.
    const theirs = documentLink(app.ctx.tokenKey, documentId, await viewerOf(otherGroupAdmin));
    expectRefused(await open(theirs, otherGroupAdmin), 403);
    expectRefused(await app.inject({ method: 'GET', url: theirs, headers: bearer(otherGroupAdmin.accessToken) }), 403);
  });

  it('expire', async () => {
    const issuedLongAgo = Date.now() - (DOCUMENT_LINK_TTL_SECONDS + 1) * 1000;
    const expired = documentLink(app.ctx.tokenKey, documentId, await viewerOf(applicant), issuedLongAgo);
    const response = await open(expired, applicant);
    expectRefused(response, 410);
    expect(response.json().detail).toContain('expired');
    // A later expiry written into the link breaks its signature.
    const stretched = expired.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 60}`);
    expectRefused(await open(stretched, applicant), 403);
  });

  it('die with the sign-out of their session, even opened with the old cookies', async () => {
    const leaving = await browser('applicant@demo.folio.test');
    const link = await linkFor(leaving);
    expect((await open(link, leaving)).statusCode).toBe(200);
    await signOut(leaving);
    expectRefused(await open(link, leaving), 401);
    expectRefused(await app.inject({ method: 'GET', url: link, headers: bearer(leaving.accessToken) }), 401);
    // The applicant's other sign-in is another session: its own links still open.
    expect((await open(await linkFor(applicant), applicant)).statusCode).toBe(200);
  });
});
