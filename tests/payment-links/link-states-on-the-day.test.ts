import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PropertyDashboard } from '../../contract/home-screens';
import { MERCHANT_HEADER } from '../../contract/product';
import { MAX_FAILED_CARD_ATTEMPTS } from '../../server/payment-links/link-limits';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, createdLink, DECLINED_CARD, guestOf } from './support';

// Decision 0422: a link that took too many refused cards leaves the open links and is shown as locked;
// its refused attempts are one failed payment of one order.
let app: FastifyInstance;
let manager: string;
let property: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  property = (await activePropertiesOf(app, 'propertymanager@demo.folio.test'))[0]!.id;
}, 120_000);
afterAll(async () => app?.close());

async function dashboard(): Promise<PropertyDashboard> {
  const answer = await app.inject({ method: 'GET', url: '/backoffice/api/v2/home/property', headers: { ...bearer(manager), [MERCHANT_HEADER]: property } });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

test('a locked link leaves the open links, shows as locked, and its refusals count as one failed payment', async () => {
  const { link, token } = await createdLink(app, manager, property, { bookingReference: 'DAY-LOCKED', expiryHours: 1 });
  // Open links are listed soonest expiry first: a link expiring within the hour is on the first page.
  const before = await dashboard();
  expect(before.openLinks.items.find((item) => item.orderId === link.orderId)).toMatchObject({ linkState: 'Open' });
  const guest = guestOf(app, '10.0.43.1');
  for (let attempt = 0; attempt < MAX_FAILED_CARD_ATTEMPTS; attempt++) expect((await guest.pay(token, DECLINED_CARD)).statusCode).toBe(200);

  const after = await dashboard();
  expect(after.openLinks.items.some((item) => item.orderId === link.orderId)).toBe(false);
  expect(after.openLinks.count).toBe(before.openLinks.count - 1);
  expect(after.expiredLinks.items.find((item) => item.orderId === link.orderId)).toMatchObject({ linkState: 'Locked' });
  const failed = after.failedPayments.items.filter((item) => item.orderId === link.orderId);
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({ attempts: MAX_FAILED_CARD_ATTEMPTS });
  expect(new Set(after.failedPayments.items.map((item) => item.orderId)).size).toBe(after.failedPayments.items.length);
});
