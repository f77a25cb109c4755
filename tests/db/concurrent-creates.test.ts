import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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

  it('ten creations of one merchant group name at once (letter case and spaces differing): one group, nine 409 problems naming the field', async () => {
    const names = Array.from({ length: 10 }, (_, index) => (index % 2 ? `  twin towers hotels ` : `Twin Towers Hotels`));
    const answers = await Promise.all(
      names.map((name, index) =>
        index < 5
          ? app.inject({
              method: 'POST',
              url: `${MERCHANT_API}/merchant-groups`,
              headers: bearer(admin),
              payload: { name, country: 'nl', contactEmail: `twin${index}@hotels.example` },
            })
          : app.inject({
              method: 'POST',
              url: `${MERCHANT_API}/merchants/pre-init`,
              headers: bearer(admin),
              payload: { newGroup: { name, country: 'nl' }, admin: { firstName: 'Tw', lastName: 'In', email: `twin${index}@hotels.example` } },
            }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    answers.forEach((answer, index) => {
      if (answer.statusCode !== 409) return;
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors)).toEqual([index < 5 ? 'name' : 'newGroup.name']);
    });
    const groups = await app.ctx.db
      .selectFrom('merchant_groups')
      .select('name')
      .where(sql<boolean>`lower(btrim(name)) = 'twin towers hotels'`)
      .execute();
    expect(groups).toHaveLength(1);
  });
});
