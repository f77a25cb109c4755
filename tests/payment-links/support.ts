import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { GeneratePaymentLinkBody, GuestCard, PaymentLink } from '../../contract/payment-links';
import { MERCHANT_HEADER } from '../../contract/product';
import { bearer } from '../support/test-app';

export const LINKS = '/backoffice/api/v2/payment-links';
export const PAY = '/pay/api/v1/links';
export const SUCCESS_CARD: GuestCard = { cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' };
export const DECLINED_CARD: GuestCard = { ...SUCCESS_CARD, cardNumber: '4000 0000 0000 0002' };
export const AUTH_FAILED_CARD: GuestCard = { ...SUCCESS_CARD, cardNumber: '4000 0000 0000 3220' };

/** The Active properties a demo user works on, in list order. */
export async function activePropertiesOf(app: FastifyInstance, email: string): Promise<{ id: string; name: string; merchant_group_id: string }[]> {
  return app.ctx.db
    .selectFrom('user_merchant_scopes as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('merchants as m', 'm.id', 's.merchant_id')
    .select(['m.id', 'm.name', 'm.merchant_group_id'])
    .where('u.email', '=', email)
    .where('m.status', '=', 'Active')
    .orderBy('m.position')
    .execute();
}

export function linkBody(overrides: Partial<GeneratePaymentLinkBody> = {}): GeneratePaymentLinkBody {
  return {
    guestName: 'Ada Guest',
    guestEmail: 'ada.guest@example.test',
    amountMinor: 12_500,
    currency: 'EUR',
    paymentType: 'PN',
    chargeCategory: 'Rooms',
    bookingReference: 'BK-LINK-1',
    depositBasis: 'TotalAmount',
    expiryHours: 48,
    message: 'Thank you for booking with us.',
    ...overrides,
  };
}

export function createLink(app: FastifyInstance, token: string, merchantId: string | undefined, body: unknown) {
  return app.inject({
    method: 'POST',
    url: LINKS,
    headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID(), ...(merchantId ? { [MERCHANT_HEADER]: merchantId } : {}) },
    payload: body as object,
  });
}

export async function createdLink(app: FastifyInstance, token: string, merchantId: string, overrides: Partial<GeneratePaymentLinkBody> = {}) {
  const answer = await createLink(app, token, merchantId, linkBody(overrides));
  if (answer.statusCode !== 201) throw new Error(`link not created: ${answer.statusCode} ${answer.body}`);
  const link = answer.json<PaymentLink>();
  return { link, token: new URL(link.url).pathname.split('/').pop()! };
}

/** Each test group pays from its own address, so the per-address rate limits of one group never touch another. */
export function guestOf(app: FastifyInstance, remoteAddress: string) {
  return {
    view: (token: string) => app.inject({ method: 'GET', url: `${PAY}/${encodeURIComponent(token)}`, remoteAddress }),
    pay: (token: string, card: GuestCard = SUCCESS_CARD) =>
      app.inject({ method: 'POST', url: `${PAY}/${encodeURIComponent(token)}/pay`, remoteAddress, payload: card }),
  };
}
