import { createHash } from 'node:crypto';
import { KYC_STEP_IDS, type KycStepId } from '../../contract/kyc/steps';
import { KYC_SURVEY_QUESTIONS } from '../../contract/kyc/surveys';
import { demoDocumentContent, DEMO_DOCUMENT_PREFIX } from '../kyc/demo-document';
import { flaggedValueOf } from '../kyc/resubmission-guard';
import { syncSurveyQuestions } from '../kyc/survey-questions';
import type { Db } from '../db/database';
import { DEMO_ANCHOR, DEMO_DOMAIN } from './demo-layout';

// KYC demo content (issue 5): the survey questions, and complete applications for the groups in
// review states so the KYC admin list and review page have something real to show. Deterministic:
// ids derive from names, times from DEMO_ANCHOR.

const DAY = 24 * 60 * 60 * 1000;
const at = (daysBefore: number, hours = 0) => new Date(Date.parse(DEMO_ANCHOR) - daysBefore * DAY + hours * 60 * 60 * 1000);

function demoId(key: string): string {
  const hex = createHash('sha256').update(`folio-demo:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface DemoApplication {
  group: string;
  daysAgo: number;
  /** Review actions after submission, in order. */
  review: Array<{ action: string; to: string; detail?: Record<string, unknown> }>;
  documentStatus: string;
}

const APPLICATIONS: DemoApplication[] = [
  { group: 'Baltic Inns', daysAgo: 3, review: [], documentStatus: 'Waited' },
  { group: 'Coastline Stays', daysAgo: 6, review: [{ action: 'kyc.startReview', to: 'InReview' }], documentStatus: 'InProgress' },
  {
    group: 'Danube Hospitality',
    daysAgo: 9,
    review: [
      { action: 'kyc.startReview', to: 'InReview' },
      { action: 'kyc.requestResubmission', to: 'SentForResubmission' },
    ],
    documentStatus: 'Completed',
  },
  {
    group: 'Emerald Isle Hotels',
    daysAgo: 14,
    review: [
      { action: 'kyc.startReview', to: 'InReview' },
      { action: 'kyc.approve', to: 'Approved', detail: { note: 'Complete and consistent' } },
    ],
    documentStatus: 'Approved',
  },
  {
    group: 'Fjord Retreats',
    daysAgo: 20,
    review: [
      { action: 'kyc.startReview', to: 'InReview' },
      { action: 'kyc.reject', to: 'Rejected', detail: { reason: 'The beneficial owner appears on a sanctions list' } },
    ],
    documentStatus: 'Failed',
  },
];

function stepData(
  name: string,
  country: string,
  docs: Record<string, string>,
  people: { uboId: string; accountId: string },
): Record<KycStepId, Record<string, unknown>> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  const address = { addressLine1: '1 Harbour Street', addressLine2: '', city: 'Capital City', state: '', postal: '10115', country };
  const answers = (group: 'BusinessInfo' | 'SanctionExposure') =>
    Object.fromEntries(KYC_SURVEY_QUESTIONS.filter((question) => question.group === group).map((question) => [question.id, [question.options[0]!.value]]));
  return {
    'application-overview': { acknowledged: true },
    'company-details': {
      legalBusinessName: `${name} Ltd`,
      tradingName: name,
      registrationNumber: `REG-${slug.slice(0, 6).toUpperCase()}-001`,
      vatNumber: '',
      incorporationCountry: country,
      website: `https://${slug}.example`,
      contactEmail: `office@${slug}.example`,
      contactPhone: '+31 20 123 4567',
      businessAddress: address,
      certificateOfIncorporationDocumentId: docs.certificate,
      proofOfPrincipalPlaceOfBusinessDocumentId: docs.placeOfBusiness,
    },
    'business-information': { responses: answers('BusinessInfo') },
    'sanctions-exposure': { responses: answers('SanctionExposure'), explanation: '' },
    'company-stakeholders': {
      ownershipStructureDocumentId: docs.ownership,
      stakeholders: [
        {
          uboId: people.uboId,
          kind: 'ubo',
          firstName: 'Maren',
          middleName: '',
          lastName: 'Olsen',
          dayOfBirth: 14,
          monthOfBirth: 6,
          yearOfBirth: 1972,
          country,
          shareOwnership: 100,
          homeAddress: address,
          email: `maren@${slug}.example`,
          proofOfAddressDocumentId: docs.uboAddress,
          proofOfIdentityDocumentId: docs.uboIdentity,
        },
      ],
    },
    'processing-details': {
      currencies: ['EUR'],
      paymentSchemes: ['visa-mastercard-uk-europe', 'amex-discover-diners'],
      expectedMonthlyVolume: 180000,
      averageTransactionAmount: 240,
      maxTransactionAmount: 3500,
      hasCurrentProcessor: false,
      currentProcessorName: '',
      refundPolicyUrl: '',
    },
    'settlement-accounts': {
      accounts: [
        {
          accountId: people.accountId,
          bankName: 'Demo Bank',
          accountHolderName: `${name} Ltd`,
          iban: 'NL91ABNA0417164300',
          swiftBic: 'ABNANL2A',
          currency: 'EUR',
          accountType: 'current',
          bankAddress: address,
          bankAccountOwnerAddress: address,
          bankStatementDocumentId: docs.bankStatement,
        },
      ],
    },
    'authorised-signatory': {
      firstName: 'Jonas',
      middleName: '',
      lastName: 'Berg',
      dayOfBirth: 2,
      monthOfBirth: 3,
      yearOfBirth: 1981,
      country,
      homeAddress: address,
      email: `jonas@${slug}.example`,
      jobTitle: 'Managing director',
      phone: '+31 20 765 4321',
      proofOfIdentityDocumentId: docs.signatoryIdentity,
      proofOfAddressDocumentId: docs.signatoryAddress,
      delegationOfAuthorityDocumentId: '',
      confirmation: true,
    },
  };
}

const DOCUMENTS: Array<[key: string, type: number, group: string, header: KycStepId, file: string, owner?: 'uboId' | 'accountId']> = [
  ['certificate', 1, 'Merchant', 'company-details', 'certificate-of-incorporation.pdf'],
  ['placeOfBusiness', 5, 'Merchant', 'company-details', 'proof-of-place-of-business.pdf'],
  ['ownership', 6, 'Merchant', 'company-stakeholders', 'ownership-structure.pdf'],
  ['uboAddress', 10, 'UBO', 'company-stakeholders', 'ubo-utility-bill.pdf', 'uboId'],
  ['uboIdentity', 11, 'UBO', 'company-stakeholders', 'ubo-passport.pdf', 'uboId'],
  ['bankStatement', 8, 'Settlement', 'settlement-accounts', 'bank-statement.pdf', 'accountId'],
  ['signatoryIdentity', 12, 'UBO', 'authorised-signatory', 'signatory-id-card.pdf'],
  ['signatoryAddress', 13, 'UBO', 'authorised-signatory', 'signatory-address.pdf'],
];

export async function seedKyc(db: Db): Promise<void> {
  await syncSurveyQuestions(db);
  const reviewer = await db.selectFrom('users').select('id').where('email', '=', `folioadmin@${DEMO_DOMAIN}`).executeTakeFirst();
  for (const demo of APPLICATIONS) {
    const group = await db.selectFrom('merchant_groups').select(['id', 'country']).where('name', '=', demo.group).executeTakeFirst();
    if (!group) continue;
    const submittedAt = at(demo.daysAgo);
    const people = { uboId: demoId(`${demo.group}:ubo`), accountId: demoId(`${demo.group}:account`) };
    const docs: Record<string, string> = {};
    for (const [key, type, documentGroup, header, file, owner] of DOCUMENTS) {
      const id = demoId(`${demo.group}:${key}`);
      docs[key] = id;
      const content = demoDocumentContent(file);
      await db
        .insertInto('documents')
        .values({
          id,
          merchant_group_id: group.id,
          document_type: type,
          document_group: documentGroup,
          header,
          owner_ref: owner ? people[owner] : null,
          name: file,
          storage_key: `${DEMO_DOCUMENT_PREFIX}${id}.pdf`,
          content_type: 'application/pdf',
          size_bytes: content.length,
          sha256: createHash('sha256').update(content).digest('hex'),
          status: demo.documentStatus,
          created_at: at(demo.daysAgo + 1),
        })
        .execute();
    }
    const { id: applicationId } = await db
      .insertInto('kyc_applications')
      .values({ merchant_group_id: group.id, submitted_at: submittedAt, created_at: at(demo.daysAgo + 2), updated_at: submittedAt })
      .onConflict((oc) => oc.column('merchant_group_id').doUpdateSet({ submitted_at: submittedAt, updated_at: submittedAt }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const data = stepData(demo.group, group.country ?? 'NL', docs, people);
    await db
      .insertInto('kyc_step_drafts')
      .values(
        KYC_STEP_IDS.map((step) => ({ application_id: applicationId, step, data: JSON.stringify(data[step]), valid: true, updated_at: at(demo.daysAgo, -1) })),
      )
      .execute();
    await db
      .insertInto('audit_log')
      .values({
        actor_user_id: null,
        action: 'kyc.submit',
        entity_type: 'merchant_group',
        entity_id: group.id,
        detail: JSON.stringify({ from: 'Created', to: 'Pending', seeded: true }),
        created_at: submittedAt,
      })
      .execute();
    let from = 'Pending';
    for (const [index, step] of demo.review.entries()) {
      const flags = step.action === 'kyc.requestResubmission' ? danubeFlags(docs.certificate!) : undefined;
      if (flags)
        await db
          .insertInto('kyc_review_flags')
          .values(
            flags.map((flag) => ({
              application_id: applicationId,
              target_kind: flag.targetKind,
              target: flag.target,
              reason: flag.reason,
              created_by: reviewer?.id ?? null,
              created_at: at(demo.daysAgo - 1 - index),
              // A flagged field remembers the value it must change from (decision 0703).
              flagged_value:
                flag.targetKind === 'field' ? JSON.stringify(flaggedValueOf(flag.target, data[flag.target.split('.')[0] as KycStepId] ?? null)) : null,
            })),
          )
          .execute();
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: reviewer?.id ?? null,
          action: step.action,
          entity_type: 'merchant_group',
          entity_id: group.id,
          detail: JSON.stringify({ from, to: step.to, ...step.detail, ...(flags ? { flags } : {}) }),
          created_at: at(demo.daysAgo - 1 - index),
        })
        .execute();
      from = step.to;
    }
    if (demo.group === 'Danube Hospitality') await db.updateTable('documents').set({ status: 'Failed' }).where('id', '=', docs.certificate!).execute();
    const statusChangedAt = demo.review.length ? at(demo.daysAgo - demo.review.length) : submittedAt;
    // The group signed up when its application was started.
    await db
      .updateTable('merchant_groups')
      .set({ created_at: at(demo.daysAgo + 2), updated_at: statusChangedAt, status_changed_at: statusChangedAt })
      .where('id', '=', group.id)
      .execute();
  }
  // Every other group has its (empty) application row, so the list links each to a page; it was
  // opened when the group was created.
  const groups = await db.selectFrom('merchant_groups').select(['id', 'created_at']).execute();
  for (const group of groups)
    await db
      .insertInto('kyc_applications')
      .values({ merchant_group_id: group.id, created_at: group.created_at, updated_at: group.created_at })
      .onConflict((oc) => oc.column('merchant_group_id').doNothing())
      .execute();
}

function danubeFlags(certificateId: string) {
  return [
    { targetKind: 'document' as const, target: certificateId, reason: 'The certificate is cut off at the bottom; upload a complete scan' },
    { targetKind: 'field' as const, target: 'company-details.businessAddress.postal', reason: 'The postal code does not match the certificate' },
  ];
}
