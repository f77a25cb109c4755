import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_MAX_BYTES } from '../../contract/kyc/documents';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { PDF } from './kyc-fixtures';

// The shape of a document upload (issue 12 "Bad input"): each wrong shape gets a problem that says
// what is wrong, never "a document may be at most 10 MB", and nothing is stored. Sent over a real
// socket with the platform's own FormData, as a browser or API client would send it.

let app: FastifyInstance;
let base: string;
let applicant: string;
let groupId: string;

const FIELDS = { documentType: '1', documentGroup: 'Merchant', header: 'company-details' };
const pdf = () => new Blob([PDF], { type: 'application/pdf' });

async function send(build: (form: FormData) => void) {
  const form = new FormData();
  build(form);
  const response = await fetch(`${base}${MERCHANT_API}/kyc/applications/${groupId}/documents`, { method: 'POST', headers: bearer(applicant), body: form });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (await response.json()) as { status: number; detail: string; errors?: Record<string, string[]> },
  };
}

async function storedDocuments(): Promise<number> {
  return (await app.ctx.db.selectFrom('documents').select('id').where('merchant_group_id', '=', groupId).execute()).length;
}

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  applicant = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
  groupId = (await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/pre-init`, headers: bearer(applicant), payload: {} })).json()
    .merchantGroupId;
});
afterAll(async () => {
  await app.close();
});

describe('document upload parts', () => {
  it('stores one well-formed upload (the baseline the refusals differ from)', async () => {
    const before = await storedDocuments();
    const answer = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      form.append('file', pdf(), 'certificate.pdf');
    });
    expect(answer.status).toBe(201);
    expect(await storedDocuments()).toBe(before + 1);
  });

  it('refuses a second file part with 400 "send exactly one file", storing nothing', async () => {
    const before = await storedDocuments();
    const answer = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      form.append('file', pdf(), 'one.pdf');
      form.append('file', pdf(), 'two.pdf');
    });
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.body.detail).toContain('exactly one file');
    expect(answer.body.detail).not.toContain('MB');
    expect(await storedDocuments()).toBe(before);
  });

  it('refuses many extra fields with 400 "too many fields", storing nothing', async () => {
    const before = await storedDocuments();
    const answer = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      for (let index = 0; index < 50; index += 1) form.append(`extra${index}`, 'x');
      form.append('file', pdf(), 'certificate.pdf');
    });
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.body.detail).toContain('too many fields');
    expect(answer.body.detail).not.toContain('MB');
    expect(await storedDocuments()).toBe(before);
  });

  it('refuses a field sent twice, a field over 2000 characters and a file part under another name, each with 400', async () => {
    const before = await storedDocuments();
    const twice = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      form.append('documentType', '2');
      form.append('file', pdf(), 'certificate.pdf');
    });
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toContain('documentType is sent more than once');
    const long = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      form.append('description', 'x'.repeat(2500));
      form.append('file', pdf(), 'certificate.pdf');
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ description: ['kyc.validation.tooLong'] });
    const renamed = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      form.append('document', pdf(), 'certificate.pdf');
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.detail).toContain('named "file"');
    expect(await storedDocuments()).toBe(before);
  });

  it('still answers 413 with the size limit for a file over 10 MB', async () => {
    const answer = await send((form) => {
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      form.append('file', new Blob([PDF, Buffer.alloc(KYC_DOCUMENT_MAX_BYTES)], { type: 'application/pdf' }), 'big.pdf');
    });
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toBe('a document may be at most 10 MB');
  });
});
