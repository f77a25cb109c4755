import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import type { S3StorageConfig } from '../../server/config';
import { PDF, upload } from '../kyc/kyc-fixtures';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 13 "Scale-out": two server instances on one PostgreSQL and one S3-compatible object store
// (s3rver, a real S3 API server on a local port). Each instance has its own data directory, so
// nothing but the store can carry a file from one to the other.

describe.skipIf(!postgresUrl)('two instances sharing one PostgreSQL and one object store', () => {
  let store: S3rver;
  let storeDir: string;
  let drop: () => Promise<void>;
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;

  beforeAll(async () => {
    storeDir = mkdtempSync(path.join(tmpdir(), 'folio-s3-'));
    store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: storeDir, configureBuckets: [{ name: 'folio-files', configs: [] }] });
    const { port } = await store.run();
    const s3: S3StorageConfig = {
      bucket: 'folio-files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'test/',
    };
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    const shared = { database: { kind: 'postgres' as const, url: fresh.url }, orders: 300, tokenSecret: 'two-instances-one-secret', s3 };
    // One after the other: the first migrates and seeds, the second finds it done.
    instanceA = await startTestApp(shared);
    instanceB = await startTestApp(shared);
  }, 180_000);
  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await drop?.();
    await store?.close();
    if (storeDir) rmSync(storeDir, { recursive: true, force: true });
  });

  it('an export started through A downloads through B, with a session signed in on A', async () => {
    const { accessToken } = await signIn(instanceA, 'folioadmin@demo.folio.test');
    const started = await instanceA.inject({
      method: 'POST',
      url: `${BACKOFFICE_API}/order/export`,
      headers: bearer(accessToken),
      payload: { fileType: 'csv', orderColumns: ['id', 'referenceNo', 'amount', 'currency'] },
    });
    expect(started.statusCode).toBe(200);
    const { token } = started.json<{ token: string }>();
    let url: string | undefined;
    for (let attempt = 0; attempt < 120 && !url; attempt += 1) {
      const status = await instanceB.inject({ method: 'GET', url: `${BACKOFFICE_API}/order/export/${token}`, headers: bearer(accessToken) });
      expect(status.statusCode).toBe(200);
      const result = status.json<{ statusType: string; url?: string }>();
      expect(result.statusType).not.toBe('Failed');
      url = result.url;
      if (!url) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(url).toBeDefined();
    const file = await instanceB.inject({ method: 'GET', url: url!, headers: bearer(accessToken) });
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const search = await instanceA.inject({ method: 'POST', url: `${BACKOFFICE_API}/order/search`, headers: bearer(accessToken), payload: {} });
    expect(lines).toHaveLength(search.json<{ total: number }>().total + 1); // the header and every order
    // Neither instance kept the file on its own disk: it lives in the store.
    for (const instance of [instanceA, instanceB]) expect(readdirSafe(instance.ctx.config.filesDir)).toEqual([]);
  });

  it('a KYC document uploaded through A opens through B', async () => {
    const applicant = await signIn(instanceA, 'applicant@demo.folio.test');
    const groupId = (
      await instanceA.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/pre-init`, headers: bearer(applicant.accessToken), payload: {} })
    ).json<{ merchantGroupId: string }>().merchantGroupId;
    const uploaded = await upload(instanceA, applicant.accessToken, groupId, { documentType: '1', documentGroup: 'Merchant', header: 'company-details' });
    expect(uploaded.statusCode).toBe(201);
    const documentId = uploaded.json<{ documentId: string }>().documentId;
    const list = await instanceB.inject({
      method: 'GET',
      url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`,
      headers: bearer(applicant.accessToken),
    });
    expect(list.statusCode).toBe(200);
    const documents = list.json<{ headers: { documents: { documentId: string; accessUrl: string }[] }[] }>().headers.flatMap((header) => header.documents);
    const link = documents.find((document) => document.documentId === documentId)?.accessUrl;
    expect(link).toBeDefined();
    const opened = await instanceB.inject({ method: 'GET', url: link!, cookies: applicant.cookies });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PDF)).toBe(true);
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
}
