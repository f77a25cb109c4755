import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0311: every signed-in answer names the caller's live grants in a header, so an open page
// learns at its next call that an admin widened or narrowed its user's scope.

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

const idOf = async (table: 'users' | 'merchants', column: 'email' | 'name', value: string) =>
  (
    await app.ctx.db
      .selectFrom(table)
      .select('id')
      .where(column as never, '=', value as never)
      .executeTakeFirstOrThrow()
  ).id;

describe('the grants header', () => {
  it('stays the same while nothing changes and changes on the next call after the scope is widened, then narrowed', async () => {
    const admin = bearer((await signIn(app, 'merchantadmin@demo.folio.test')).accessToken);
    const user = bearer((await signIn(app, 'propertyoperations@demo.folio.test')).accessToken);
    const userId = await idOf('users', 'email', 'propertyoperations@demo.folio.test');
    const canal = await idOf('merchants', 'name', 'Canal House Amsterdam');
    const dune = await idOf('merchants', 'name', 'Dune Resort Scheveningen');
    const assign = (merchantIds: string[]) =>
      app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-scopes/assign`, headers: admin, payload: { userId, merchantIds } });
    const grantsOfUser = async () => {
      const answer = await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-scopes/${userId}/properties`, headers: user });
      expect(answer.statusCode).toBe(200);
      return { header: answer.headers['folio-grants'], names: answer.json<{ name: string }[]>().map((property) => property.name) };
    };

    expect((await assign([canal])).statusCode).toBe(200);
    const narrow = await grantsOfUser();
    expect(narrow.header).toMatch(/^[\w-]{16}$/);
    expect((await grantsOfUser()).header).toBe(narrow.header);

    expect((await assign([canal, dune])).statusCode).toBe(200);
    const wide = await grantsOfUser();
    expect(wide.names.sort()).toEqual(['Canal House Amsterdam', 'Dune Resort Scheveningen']);
    expect(wide.header).not.toBe(narrow.header);

    expect((await assign([canal])).statusCode).toBe(200);
    expect((await grantsOfUser()).header).toBe(narrow.header);
  });

  it('is not sent to a caller who is not signed in', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(answer.headers['folio-grants']).toBeUndefined();
  });
});
