import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Two people creating the same thing at the same moment on PostgreSQL (several connections, so the
// requests truly overlap): the checks before the insert both pass, the database's unique constraint
// stops the second, and its caller gets a 409 problem, never a 500 ("no 500 for anything a user can send").

describe.skipIf(!postgresUrl)('concurrent creates on PostgreSQL', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let admin: string;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    app = await startTestApp({ database: { kind: 'postgres', url: fresh.url }, orders: 0 });
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('ten grants of merchant access for one e-mail at once: one is granted, the others are 409 problems', async () => {
    const grant = (index: number) =>
      app.inject({
        method: 'POST',
        url: `${MERCHANT_API}/merchants/pre-init`,
        headers: bearer(admin),
        payload: { newGroup: { name: `Race Hotels ${index}`, country: 'nl' }, admin: { firstName: 'Rae', lastName: 'Cer', email: 'race@hotels.example' } },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => grant(index)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409))
      expect(answer.headers['content-type']).toContain('application/problem+json');
  });
});
