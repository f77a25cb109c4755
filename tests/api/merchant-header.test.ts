import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { BACKOFFICE_API, MERCHANT_API, MERCHANT_HEADER } from '../../contract/product';
import { buildOpenApi } from '../../scripts/openapi/build-openapi';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The merchant header (`x-merchant-id`) in the OpenAPI document (decision 0381): every operation
// whose handler acts on the merchant it names lists it. A handler is given that merchant only when
// its contract entry declares `merchantHeader` (the compiler refuses a handler that reads it
// otherwise), nothing in the server reads the header but the registrar, and the document is built
// from that same declaration: so the list is complete by construction, and these tests keep it so.

interface Operation {
  operationId: string;
  parameters: Array<{ name: string; in: string; required: boolean }>;
}
const operations = Object.values(buildOpenApi().paths as Record<string, Record<string, Operation>>).flatMap((methods) => Object.values(methods));
const headerOf = (operation: Operation) => operation.parameters.find((parameter) => parameter.in === 'header' && parameter.name === MERCHANT_HEADER);

describe('the merchant header in the OpenAPI document', () => {
  test('is a header parameter of exactly the operations that act on the merchant it names, required where one property is needed', () => {
    for (const endpoint of endpoints) {
      const operation = operations.find((candidate) => candidate.operationId === endpoint.id)!;
      const header = headerOf(operation);
      expect(Boolean(header), `${endpoint.method} ${endpoint.path}`).toBe(Boolean(endpoint.merchantHeader));
      if (header) expect(header.required, endpoint.id).toBe(endpoint.merchantHeader === 'required');
    }
    // The calls the spec names with the header, and the properties table that narrows to one property.
    const documented = operations.filter((operation) => headerOf(operation)).map((operation) => operation.operationId);
    expect(documented).toEqual(expect.arrayContaining(['searchOrders', 'createRefundRequest', 'getBookingLogs', 'captureAuthorization', 'searchProperties']));
    expect(documented.length).toBeGreaterThanOrEqual(26);
  });

  test('the committed document is the one the contract builds', () => {
    expect(JSON.parse(readFileSync('docs/api/openapi.json', 'utf8'))).toEqual(buildOpenApi());
  });

  test('nothing in the server reads the header but the registrar, which hands it only to the endpoints that declare it', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts') && /x-merchant-id|MERCHANT_HEADER\b|merchantHeaderOf\(/i.test(readFileSync(file, 'utf8'))) readers.push(file);
      }
    };
    walk('server');
    expect(readers.sort()).toEqual(['server/http/input-guard.ts', 'server/http/route.ts']);
  });
});

describe('the merchant header on the server', () => {
  let app: FastifyInstance;
  let merchantAdmin: string;
  let propertyIds: string[];
  beforeAll(async () => {
    app = await startTestApp({ orders: 0 });
    merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    const group = await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow();
    propertyIds = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', group.id).orderBy('name').execute()).map(
      (row) => row.id,
    );
  }, 180_000);
  afterAll(async () => app?.close());

  test('narrows the properties table to the property it names, as the document says', async () => {
    const search = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `${MERCHANT_API}/properties/search`, headers: { ...bearer(merchantAdmin), ...headers }, payload: {} });
    expect((await search({})).json<{ total: number }>().total).toBe(propertyIds.length);
    const one = (await search({ [MERCHANT_HEADER]: propertyIds[1]! })).json<{ total: number; items: Array<{ merchantId: string }> }>();
    expect(one.items.map((row) => row.merchantId)).toEqual([propertyIds[1]]);
  });

  test('a call that needs one property and names none is refused with the header as the field, as the document says it is required', async () => {
    const answer = await app.inject({ method: 'GET', url: `${BACKOFFICE_API}/payment-links/setup`, headers: bearer(merchantAdmin) });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors)).toEqual([`headers.${MERCHANT_HEADER}`]);
    const named = await app.inject({
      method: 'GET',
      url: `${BACKOFFICE_API}/payment-links/setup`,
      headers: { ...bearer(merchantAdmin), [MERCHANT_HEADER]: propertyIds[1]! },
    });
    expect(named.statusCode).toBe(200);
  });
});
