import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { MERCHANT_WIZARD_STEPS } from '../../contract/settings/merchant-wizard';
import type { Db } from '../../server/db/database';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 17, the merchant wizard's server half: for an Active group each step is kept as a draft
// (a settings step's draft is its kind's settings as saved), validity comes from the kind's schema,
// finishing needs every step valid; any other group status answers 409.

let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
const db = () => (app as unknown as { ctx: { db: Db } }).ctx.db;
const groupId = async (name: string) => (await db().selectFrom('merchant_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
}, 120_000);
afterAll(async () => app.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `${MERCHANT_API}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const VALID: Record<string, [string, object]> = {
  'currency-rules': ['currency-rules', { acceptedCurrencies: ['EUR'], settlementCurrency: 'EUR' }],
  'location-settings': [
    'location',
    {
      timezone: 'Europe/Athens',
      contactName: 'Desk',
      contactEmail: 'desk@kastro.example',
      contactPhone: '+30 21 0000 0000',
      checkInTime: '15:00',
      checkOutTime: '11:00',
    },
  ],
  'payment-settings': ['payment', { paymentTypes: ['PN', 'PL'], chargeCategories: ['Rooms'], depositBasis: 'None', depositPercentage: 0 }],
  'processing-settings': [
    'processing',
    {
      schemes: ['visaMastercardWorldwide'],
      forceAuthorization: false,
      userAuthentication: true,
      paymentTime: '09:00',
      paymentDays: ['Mon'],
      linkExpiryHours: 24,
      cardholderNameRequired: true,
      guestEmailDomains: [],
    },
  ],
  'payout-emails': ['payout-emails', { to: ['payouts@kastro.example'], cc: [], bcc: [] }],
  'ows-settings': ['ows', { pmsIntegration: 'Ows', postPayments: true, postRefunds: false, postAuthorizations: false, owsStatuses: ['CheckedIn'] }],
};

describe('merchant wizard', () => {
  it('keeps each step as a draft, counts a settings step valid only when its settings pass, and finishes once all are', async () => {
    const group = await groupId('Kastro Island Resorts');
    const start = await call(admin, 'GET', `/merchant-wizard/${group}`);
    expect(start.json()).toMatchObject({ groupStatus: 'Active', completedAt: null });
    expect(start.json().steps.map((step: { step: string }) => step.step)).toEqual([...MERCHANT_WIZARD_STEPS]);

    // A step saved before its settings are: a draft, not yet valid.
    const early = await call(admin, 'POST', `/merchant-wizard/${group}/steps`, { step: 'currency-rules', data: {} });
    expect(early.json().steps[0]).toMatchObject({ step: 'currency-rules', saved: true, valid: false });
    const unfinished = await call(admin, 'POST', `/merchant-wizard/${group}/complete`);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json()).toMatchObject({ detail: expect.stringMatching(/^these steps are not complete yet: /), code: 'merchantWizard.stepsIncomplete' });

    for (const step of MERCHANT_WIZARD_STEPS) {
      const settings = VALID[step];
      if (settings) expect((await call(admin, 'PUT', `/merchant-group-settings/${group}/${settings[0]}`, settings[1])).statusCode).toBe(200);
      const saved = await call(admin, 'POST', `/merchant-wizard/${group}/steps`, { step, data: {} });
      expect(saved.statusCode).toBe(200);
    }
    const draft = await db()
      .selectFrom('merchant_wizard_steps')
      .select('data')
      .where('merchant_group_id', '=', group)
      .where('step', '=', 'payout-emails')
      .executeTakeFirstOrThrow();
    expect(draft.data).toEqual({ to: ['payouts@kastro.example'], cc: [], bcc: [] });

    const done = await call(admin, 'POST', `/merchant-wizard/${group}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().completedAt).not.toBeNull();
    expect(done.json().steps.every((step: { valid: boolean }) => step.valid)).toBe(true);
    const audited = await db().selectFrom('audit_log').select('action').where('entity_id', '=', group).where('action', 'like', 'merchant-wizard.%').execute();
    expect(audited.map((row) => row.action)).toContain('merchant-wizard.completed');
  });

  it('answers 409 for a group that is not Active, and 400 for a step that does not exist', async () => {
    const iberia = await groupId('Iberia Boutique');
    const refused = await call(admin, 'POST', `/merchant-wizard/${iberia}/steps`, { step: 'currency-rules', data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('ContractSigned');
    expect(refused.json()).toMatchObject({ code: 'merchantWizard.notOpen', params: { status: 'ContractSigned' } });
    const lagoon = await groupId('Lagoon Hotels Group');
    const unknown = await call(admin, 'POST', `/merchant-wizard/${lagoon}/steps`, { step: 'secret-keys', data: {} });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['step']);
  });

  it('is provider staff’s: merchant-side roles are refused', async () => {
    const lagoon = await groupId('Lagoon Hotels Group');
    expect((await call(merchantAdmin, 'GET', `/merchant-wizard/${lagoon}`)).statusCode).toBe(403);
  });
});
