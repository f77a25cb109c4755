import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The KYC applications table and the seeded review content (spec 2 "KYC admin", spec 4 display rule).

let app: FastifyInstance;
let admin: string;
const search = (body: object) => app.inject({ method: 'POST', url: `${MERCHANT_API}/merchant-groups/search`, headers: bearer(admin), payload: body });
type Item = { name: string; status: string; displayStatus: string; submittedAt: string | null; openFlags: number; merchantGroupId: string };

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  admin = (await signIn(app, 'foliouser@demo.folio.test')).accessToken;
});
afterAll(async () => {
  await app.close();
});

describe('KYC applications list', () => {
  it('pages on the server and counts every group', async () => {
    const first = (await search({ page: 1, pageSize: 10, sortBy: 'name', sortDirection: 'asc' })).json();
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    const second = (await search({ page: 2, pageSize: 10, sortBy: 'name', sortDirection: 'asc' })).json();
    expect(second.items.map((item: Item) => item.name)).toEqual(['Kastro Island Resorts', 'Lagoon Hotels Group']);
    expect(first.items[0].name).toBe('Alpine Lodges Group');
  });

  it('collapses Active, Approved, ContractPending and ContractSigned to Approved, and filters by it', async () => {
    const approved = (await search({ statuses: ['Approved'], pageSize: 25, sortBy: 'name', sortDirection: 'asc' })).json();
    expect(approved.items.map((item: Item) => [item.name, item.status, item.displayStatus])).toEqual([
      ['Emerald Isle Hotels', 'Approved', 'Approved'],
      ['Iberia Boutique', 'ContractSigned', 'Approved'],
      ['Jura Chalets', 'ContractPending', 'Approved'],
      ['Kastro Island Resorts', 'Active', 'Approved'],
      ['Lagoon Hotels Group', 'Active', 'Approved'],
    ]);
    const review = (await search({ statuses: ['Pending', 'InReview', 'SentForResubmission'], sortBy: 'name', sortDirection: 'asc' })).json();
    expect(review.items.map((item: Item) => item.status)).toEqual(['Pending', 'InReview', 'SentForResubmission']);
  });

  it('searches by name, case-insensitively, treating wildcards literally', async () => {
    expect((await search({ search: 'DANUBE' })).json().items.map((item: Item) => item.name)).toEqual(['Danube Hospitality']);
    expect((await search({ search: '%' })).json().total).toBe(0);
  });

  it('sorts by submission date, unsubmitted last', async () => {
    const items: Item[] = (await search({ sortBy: 'submittedAt', sortDirection: 'desc', pageSize: 25 })).json().items;
    const submitted = items.filter((item) => item.submittedAt).map((item) => item.name);
    expect(submitted).toEqual(['Baltic Inns', 'Coastline Stays', 'Danube Hospitality', 'Emerald Isle Hotels', 'Fjord Retreats']);
    expect(items.slice(0, 5).every((item) => item.submittedAt)).toBe(true);
    const ascending: Item[] = (await search({ sortBy: 'submittedAt', sortDirection: 'asc', pageSize: 10 })).json().items;
    expect(ascending.slice(0, 5).map((item) => item.name)).toEqual([...submitted].reverse());
  });

  it('refuses page sizes outside 10, 25, 50, 100 and unknown statuses with 400', async () => {
    const response = await search({ pageSize: 7, statuses: ['Approvedish'] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['pageSize', 'statuses.0']));
  });

  it('scopes the group list: provider staff see all, a merchant admin only their group', async () => {
    expect((await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups?pageSize=25`, headers: bearer(admin) })).json().total).toBe(12);
    const merchant = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    const own = (await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups`, headers: bearer(merchant) })).json();
    expect(own.items.map((group: { name: string; allowedActions: string[] }) => [group.name, group.allowedActions])).toEqual([['Lagoon Hotels Group', []]]);
  });

  it('lets provider staff create a group with an empty application; a merchant admin may not', async () => {
    const created = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/merchant-groups`,
      headers: bearer(admin),
      payload: { name: '  Meridian Hotels ', country: 'fr', contactEmail: 'Ops@Meridian.example' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Meridian Hotels',
      country: 'FR',
      contactEmail: 'ops@meridian.example',
      status: 'Created',
      applicationId: expect.any(String),
    });
    const invalid = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/merchant-groups`,
      headers: bearer(admin),
      payload: { name: 'M', country: 'France', contactEmail: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ name: ['kyc.validation.tooShort'], country: ['kyc.validation.country'], contactEmail: ['kyc.validation.email'] });
    const merchant = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    const refused = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/merchant-groups`,
      headers: bearer(merchant),
      payload: { name: 'Sneaky Group', country: 'NL', contactEmail: 'a@b.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await search({ search: 'Sneaky' })).json().total).toBe(0);
  });

  it('shows the seeded resubmission with its flags, documents and trail; its documents open', async () => {
    const danube = (await search({ search: 'Danube' })).json().items[0] as Item;
    expect(danube.openFlags).toBe(2);
    const application = (await app.inject({ method: 'GET', url: `${MERCHANT_API}/kyc/applications/${danube.merchantGroupId}`, headers: bearer(admin) })).json();
    expect(application).toMatchObject({ status: 'SentForResubmission', mode: 'resubmission', resumeStep: 'company-details' });
    expect(application.steps.every((step: { valid: boolean }) => step.valid)).toBe(true);
    expect(application.flags.map((flag: { step: string }) => flag.step)).toEqual(['company-details', 'company-details']);
    expect(application.documents).toHaveLength(8);
    expect(application.documents.filter((document: { flagged: boolean }) => document.flagged)).toHaveLength(1);
    expect(application.auditTrail.map((entry: { action: string }) => entry.action)).toEqual(['kyc.submit', 'kyc.startReview', 'kyc.requestResubmission']);
    // Deleting an application is the provider admin's alone (docs/decisions/0182-provider-admins-and-users.md).
    expect(application.allowedActions).toEqual([]);
    const file = await app.inject({ method: 'GET', url: application.documents[0].accessUrl, headers: bearer(admin) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fjord = (await search({ search: 'Fjord' })).json().items[0] as Item;
    const rejected = (await app.inject({ method: 'GET', url: `${MERCHANT_API}/kyc/applications/${fjord.merchantGroupId}`, headers: bearer(admin) })).json();
    expect(rejected.rejectionReason).toBe('The beneficial owner appears on a sanctions list');
  });
});
