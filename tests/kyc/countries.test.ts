import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../contract/countries';
import { MERCHANT_API } from '../../contract/product';
import { countryOptions } from '../../src/features/kyc/components/countries';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 11: the KYC country lists held 15 countries twice under withdrawn codes (Germany as DE and
// DD, the United Kingdom as GB and UK, Serbia three times). One list of current ISO 3166-1 codes.
const WITHDRAWN = ['DD', 'UK', 'YU', 'CS', 'SU', 'ZR', 'BU', 'TP', 'FX', 'AN', 'HV', 'DY', 'NH', 'RH', 'VD', 'YD'];

describe('country list', () => {
  it('offers every current ISO 3166-1 country once, each under its own name', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(new Set(options.map((option) => option.value)).size).toBe(249);
    const names = options.map((option) => option.label);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(options.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(options.find((option) => option.value === 'GB')?.label).toBe('United Kingdom');
    expect(options.map((option) => option.value).filter((code) => WITHDRAWN.includes(code))).toEqual([]);
    // Every code is one the browser can name (a typo would fall back to the code itself).
    expect(options.filter((option) => option.label === option.value)).toEqual([]);
  });

  it('is sorted by name for the reader', () => {
    const labels = countryOptions().map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(COUNTRY_CODES).toHaveLength(249);
  });
});

describe('the server accepts current codes only', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp({ orders: 10 });
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  });
  afterAll(async () => {
    await app.close();
  });
  const create = (country: string) =>
    app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/merchant-groups`,
      headers: bearer(admin),
      payload: { name: `Group ${country}`, country, contactEmail: 'office@group.example' },
    });

  it.each(['DD', 'UK', 'YU'])('refuses the withdrawn code %s with the country message', async (code) => {
    const response = await create(code);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.country).toEqual(['kyc.validation.country']);
  });

  it('accepts a current code, in any case', async () => {
    const response = await create('gb');
    expect(response.statusCode).toBe(201);
    expect(response.json().country).toBe('GB');
  });
});
