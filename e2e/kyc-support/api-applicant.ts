import { randomUUID } from 'node:crypto';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { pdfFile, pngFile } from './files';
import { DEMO_PASSWORD } from '../../server/demo/demo-layout';

// The applicant (or a reviewer) through the API, for setting up the world of a model-based suite.

const API = '/folio/payment-api/v2';

export interface ApiUser {
  context: APIRequestContext;
  headers: Record<string, string>;
}

export async function apiSignIn(baseURL: string, email: string): Promise<ApiUser> {
  const context = await request.newContext({ baseURL });
  const { csrfToken } = (await (await context.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const signIn = await context.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: DEMO_PASSWORD, callbackUrl: '/' },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const session = (await (await context.get('/api/auth/session')).json()) as { accessToken: string };
  return { context, headers: { Authorization: `Bearer ${session.accessToken}` } };
}

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

export async function myGroupId(user: ApiUser): Promise<string> {
  const group = await ok<{ merchantGroupId: string }>(user.context.post(`${API}/merchant-groups/pre-init`, { headers: user.headers, data: {} }));
  return group.merchantGroupId;
}

async function upload(
  user: ApiUser,
  groupId: string,
  fields: { documentType: number; documentGroup: string; header: string; ownerRef?: string },
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const multipart: Record<string, string | typeof file> = {
    documentType: String(fields.documentType),
    documentGroup: fields.documentGroup,
    header: fields.header,
  };
  if (fields.ownerRef) multipart.ownerRef = fields.ownerRef;
  multipart.file = file;
  const document = await ok<{ documentId: string }>(user.context.post(`${API}/kyc/applications/${groupId}/documents`, { headers: user.headers, multipart }));
  return document.documentId;
}

async function save(user: ApiUser, groupId: string, step: string, data: Record<string, unknown>): Promise<void> {
  const answer = await ok<{ valid: boolean; errors: unknown }>(
    user.context.post(`${API}/merchants/confirmation/${groupId}`, { headers: user.headers, data: { step, data } }),
  );
  expect(answer.valid, `${step}: ${JSON.stringify(answer.errors)}`).toBe(true);
}

const address = { addressLine1: 'Maria-Theresien-Strasse 1', city: 'Innsbruck', postal: '6020', country: 'AT' };
const person = {
  firstName: 'Greta',
  lastName: 'Huber',
  dayOfBirth: 2,
  monthOfBirth: 11,
  yearOfBirth: 1980,
  country: 'AT',
  homeAddress: address,
  email: 'greta@alpine-lodges.test',
};

/** Saves every step of the applicant's application with valid data and documents. */
export async function completeApplication(user: ApiUser, groupId: string): Promise<void> {
  const doc = (documentType: number, documentGroup: string, header: string, ownerRef?: string) =>
    upload(
      user,
      groupId,
      { documentType, documentGroup, header, ownerRef },
      documentType === 11 || documentType === 12 ? pngFile(`doc-${documentType}.png`) : pdfFile(`doc-${documentType}.pdf`),
    );
  await save(user, groupId, 'application-overview', { acknowledged: true });
  await save(user, groupId, 'company-details', {
    legalBusinessName: 'Alpine Lodges GmbH',
    registrationNumber: 'FN 123456a',
    incorporationCountry: 'AT',
    contactEmail: 'finance@alpine-lodges.test',
    contactPhone: '+43 512 123456',
    businessAddress: address,
    certificateOfIncorporationDocumentId: await doc(1, 'Merchant', 'company-details'),
    proofOfPrincipalPlaceOfBusinessDocumentId: await doc(5, 'Merchant', 'company-details'),
  });
  await save(user, groupId, 'business-information', {
    responses: {
      'bi-property-type': ['hotel'],
      'bi-sales-channels': ['website'],
      'bi-annual-volume': ['1m-5m'],
      'bi-card-presence': ['both'],
      'bi-advance-payments': ['no'],
    },
  });
  const sanctions = [
    'cuba-iran-north-korea',
    'sanctioned-parties',
    'sectoral-sanctions',
    'russia-energy-military-defence',
    'blocked-governments',
    'us-state-department-listed',
    'nord-stream-turkstream',
    'belarus-government',
    'belarus-potash-petroleum-tobacco',
    'belarus-surveillance-equipment',
    'afghanistan-government',
  ];
  await save(user, groupId, 'sanctions-exposure', {
    responses: { ...Object.fromEntries(sanctions.map((id) => [`se-${id}`, ['no']])), 'se-confirmation': ['confirmed'] },
  });
  const uboId = randomUUID();
  await save(user, groupId, 'company-stakeholders', {
    stakeholders: [
      {
        uboId,
        kind: 'ubo',
        ...person,
        firstName: 'Anna',
        shareOwnership: 100,
        proofOfAddressDocumentId: await doc(10, 'UBO', 'company-stakeholders', uboId),
        proofOfIdentityDocumentId: await doc(11, 'UBO', 'company-stakeholders', uboId),
      },
    ],
    ownershipStructureDocumentId: await doc(6, 'Merchant', 'company-stakeholders'),
  });
  await save(user, groupId, 'processing-details', {
    currencies: ['EUR'],
    paymentSchemes: ['visa-mastercard-uk-europe'],
    expectedMonthlyVolume: 250000,
    averageTransactionAmount: 180,
    maxTransactionAmount: 4000,
    hasCurrentProcessor: false,
  });
  const accountId = randomUUID();
  await save(user, groupId, 'settlement-accounts', {
    accounts: [
      {
        accountId,
        bankName: 'Tiroler Sparkasse',
        accountHolderName: 'Alpine Lodges GmbH',
        iban: 'AT611904300234573201',
        swiftBic: 'SPIHAT22',
        currency: 'EUR',
        accountType: 'current',
        bankAddress: address,
        bankAccountOwnerAddress: address,
        bankStatementDocumentId: await doc(8, 'Settlement', 'settlement-accounts', accountId),
      },
    ],
  });
  await save(user, groupId, 'authorised-signatory', {
    ...person,
    jobTitle: 'Managing director',
    phone: '+43 512 654321',
    proofOfIdentityDocumentId: await doc(12, 'UBO', 'authorised-signatory'),
    proofOfAddressDocumentId: await doc(13, 'UBO', 'authorised-signatory'),
    confirmation: true,
  });
}

/**
 * What an applicant does before resubmitting when the reviewer flagged whole steps: checks each and saves it again
 * (decision 0703: a whole-step flag is answered by saving the step, a field flag only by changing the field).
 */
export async function resaveFlaggedSteps(user: ApiUser, groupId: string): Promise<void> {
  const application = await ok<{
    flags: Array<{ targetKind: string; target: string; outstanding: boolean }>;
    steps: Array<{ step: string; data: Record<string, unknown> | null }>;
  }>(user.context.get(`${API}/merchants/confirmation/${groupId}`, { headers: user.headers }));
  const flagged = new Set(
    application.flags.filter((flag) => flag.outstanding && flag.targetKind === 'field' && !flag.target.includes('.')).map((flag) => flag.target),
  );
  for (const step of flagged) await save(user, groupId, step, application.steps.find((entry) => entry.step === step)?.data ?? {});
}

export async function submitApplication(user: ApiUser, groupId: string): Promise<void> {
  await ok(user.context.post(`${API}/merchants/confirmation/${groupId}/submit`, { headers: user.headers }));
}
