import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { KYC_SURVEY_QUESTIONS } from '../../contract/kyc/surveys';
import { MERCHANT_API } from '../../contract/product';
import { bearer } from '../support/test-app';

// Valid step data and real file bytes for the KYC API tests.

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** A Windows executable named like a PDF: the server must look at the content, not the name. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const address = { addressLine1: 'Maria-Theresien-Strasse 1', addressLine2: '', city: 'Innsbruck', state: 'Tyrol', postal: '6020', country: 'AT' };

export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = `----folio${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  app: FastifyInstance,
  token: string,
  groupId: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer; type?: string } = { name: 'doc.pdf', content: PDF },
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: `${MERCHANT_API}/kyc/applications/${groupId}/documents`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

export async function uploadId(
  app: FastifyInstance,
  token: string,
  groupId: string,
  documentType: number,
  documentGroup: string,
  header: string,
  ownerRef?: string,
): Promise<string> {
  const response = await upload(app, token, groupId, { documentType: String(documentType), documentGroup, header, ...(ownerRef ? { ownerRef } : {}) });
  if (response.statusCode !== 201) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
  return response.json<{ documentId: string }>().documentId;
}

function answers(group: 'BusinessInfo' | 'SanctionExposure') {
  return Object.fromEntries(KYC_SURVEY_QUESTIONS.filter((question) => question.group === group).map((question) => [question.id, [question.options[0]!.value]]));
}

/** Valid data for every step; uploads the documents each step refers to. */
export async function validSteps(app: FastifyInstance, token: string, groupId: string) {
  const doc = (type: number, group: string, header: string, owner?: string) => uploadId(app, token, groupId, type, group, header, owner);
  const uboId = randomUUID();
  const accountId = randomUUID();
  return {
    'application-overview': { acknowledged: true },
    'company-details': {
      legalBusinessName: 'Alpine Lodges Group GmbH',
      registrationNumber: 'FN 123456a',
      incorporationCountry: 'at',
      website: 'https://alpine-lodges.example',
      contactEmail: 'Office@Alpine-Lodges.example',
      contactPhone: '+43 512 123456',
      businessAddress: address,
      certificateOfIncorporationDocumentId: await doc(1, 'Merchant', 'company-details'),
      proofOfPrincipalPlaceOfBusinessDocumentId: await doc(5, 'Merchant', 'company-details'),
    },
    'business-information': { responses: answers('BusinessInfo') },
    'sanctions-exposure': { responses: answers('SanctionExposure') },
    'company-stakeholders': {
      ownershipStructureDocumentId: await doc(6, 'Merchant', 'company-stakeholders'),
      stakeholders: [
        {
          uboId,
          kind: 'ubo',
          firstName: 'Anna',
          lastName: 'Huber',
          dayOfBirth: 12,
          monthOfBirth: 5,
          yearOfBirth: 1975,
          country: 'AT',
          shareOwnership: 100,
          homeAddress: address,
          email: 'anna@alpine-lodges.example',
          proofOfAddressDocumentId: await doc(10, 'UBO', 'company-stakeholders', uboId),
          proofOfIdentityDocumentId: await doc(11, 'UBO', 'company-stakeholders', uboId),
        },
      ],
    },
    'processing-details': {
      currencies: ['EUR'],
      paymentSchemes: ['visa-mastercard-uk-europe'],
      expectedMonthlyVolume: 250000,
      averageTransactionAmount: 320,
      maxTransactionAmount: 4000,
      hasCurrentProcessor: false,
    },
    'settlement-accounts': {
      accounts: [
        {
          accountId,
          bankName: 'Tiroler Sparkasse',
          accountHolderName: 'Alpine Lodges Group GmbH',
          iban: 'AT61 1904 3002 3457 3201',
          swiftBic: 'spihat22',
          currency: 'EUR',
          accountType: 'current',
          bankAddress: address,
          bankAccountOwnerAddress: address,
          bankStatementDocumentId: await doc(8, 'Settlement', 'settlement-accounts', accountId),
        },
      ],
    },
    'authorised-signatory': {
      firstName: 'Markus',
      lastName: 'Egger',
      dayOfBirth: 3,
      monthOfBirth: 11,
      yearOfBirth: 1980,
      country: 'AT',
      homeAddress: address,
      email: 'markus@alpine-lodges.example',
      jobTitle: 'Managing director',
      phone: '+43 512 654321',
      proofOfIdentityDocumentId: await doc(12, 'UBO', 'authorised-signatory'),
      proofOfAddressDocumentId: await doc(13, 'UBO', 'authorised-signatory'),
      confirmation: true,
    },
  } as Record<string, Record<string, unknown>>;
}
