import { z } from 'zod';
import { isCountryCode } from './countries';
import { defineEndpoint, endpointTable } from './endpoint';
import { KycDisplayStatusSchema, LifecycleActionSchema, OnboardingStatusSchema } from './merchant-groups';
import { MERCHANT_API } from './product';
import { safeText } from './text';

// Spec 2 "KYC wizard" + "KYC admin", spec 3 company, address, settlement, UBO/signatory, documents,
// surveys and enumerations. Every message is an i18n key (`kyc.validation.*`) the SPA shows with
// t(message); KYC_VALIDATION_MESSAGES_EN is the English catalogue
// (docs/decisions/0141-kyc-field-rules-and-messages.md). One file on purpose: it is the one
// interface the wizard and review screens build against.

// ---- Messages ----

export const KYC_VALIDATION_MESSAGES_EN = {
  'kyc.validation.required': 'This field is required',
  'kyc.validation.invalid': 'This value is not valid',
  'kyc.validation.tooLong': 'This is too long',
  'kyc.validation.tooShort': 'This is too short',
  'kyc.validation.email': 'Enter a valid e-mail address',
  'kyc.validation.postal': 'Enter a valid postal code (letters, digits, spaces or hyphens, at most 10)',
  'kyc.validation.country': 'Choose a country',
  'kyc.validation.phone': 'Enter a phone number in international format, e.g. +31 20 123 4567',
  'kyc.validation.url': 'Enter a web address starting with https://',
  'kyc.validation.iban': 'Enter a valid IBAN',
  'kyc.validation.bic': 'Enter a valid SWIFT/BIC code (8 or 11 characters)',
  'kyc.validation.currency': 'Choose a currency',
  'kyc.validation.dayOfBirth': 'Enter a day between 1 and 31',
  'kyc.validation.monthOfBirth': 'Enter a month between 1 and 12',
  'kyc.validation.yearOfBirth': 'Enter a four-digit year',
  'kyc.validation.dateOfBirth': 'This date does not exist',
  'kyc.validation.dateOfBirthFuture': 'The date of birth must be in the past',
  'kyc.validation.adult': 'The person must be at least 18 years old',
  'kyc.validation.shareRange': 'Enter a share between 0 and 100',
  'kyc.validation.uboShare': 'A beneficial owner owns more than 0%',
  'kyc.validation.sharesOver100': 'The shares add up to more than 100%',
  'kyc.validation.uboAtLeastOne': 'Add at least one ultimate beneficial owner',
  'kyc.validation.tooMany': 'There are too many entries',
  'kyc.validation.accountAtLeastOne': 'Add at least one settlement account',
  'kyc.validation.chooseOne': 'Choose one answer',
  'kyc.validation.chooseAtLeastOne': 'Choose at least one answer',
  'kyc.validation.option': 'This answer is not one of the choices',
  'kyc.validation.explanationRequired': 'Explain each exposure you answered yes to (at least 20 characters)',
  'kyc.validation.acknowledge': 'Confirm that you have read the overview',
  'kyc.validation.confirm': 'Confirm that the information is accurate and complete',
  'kyc.validation.documentRequired': 'Upload this document',
  'kyc.validation.documentMissing': 'This document was not found or has been replaced; upload it again',
  'kyc.validation.documentWrongType': 'This document is of the wrong type',
  'kyc.validation.amount': 'Enter an amount above 0',
  'kyc.validation.maxBelowAverage': 'The largest transaction cannot be below the average transaction',
  'kyc.validation.processorName': 'Name your current payment processor',
  'kyc.validation.id': 'This identifier is not valid',
  'kyc.validation.documentType': 'Choose a document type between 0 and 16',
  'kyc.validation.documentGroup': 'Choose a document group',
  'kyc.validation.documentHeader': 'Choose the section the document belongs to',
  'kyc.validation.stepData': 'The step data must be an object',
  'kyc.validation.reasonRequired': 'Give a reason (at least 3 characters)',
  'kyc.validation.flagTarget': 'Name the field or document to flag',
  'kyc.validation.flagAtLeastOne': 'Flag at least one field or document',
  'kyc.validation.action': 'Choose a review action',
  'kyc.validation.page': 'The page starts at 1',
  'kyc.validation.pageSize': 'Choose 10, 25, 50 or 100 rows per page',
  'kyc.validation.stepIncomplete': 'This step is not complete',
  'kyc.validation.notFlagged': 'Only the fields the reviewer flagged can be changed',
  'kyc.validation.flaggedDocumentNotReplaced': 'Replace this document: the reviewer flagged it',
  'kyc.validation.fileRequired': 'Choose a file to upload',
  'kyc.validation.sameDocumentType': 'A replacement must be of the same document type',
  'kyc.validation.unsafeText': 'This text contains a character that cannot be saved (a control or broken character); type it again',
  'kyc.warning.sharesBelow100': 'The owners listed add up to less than 100%; add the missing owners or explain in the ownership structure document',
} as const;
export type KycMessageKey = keyof typeof KYC_VALIDATION_MESSAGES_EN;
const M = Object.fromEntries(Object.keys(KYC_VALIDATION_MESSAGES_EN).map((key) => [key.split('.').pop(), key])) as Record<string, KycMessageKey>;
const msg = (name: string): { error: string } => ({ error: M[name] ?? 'kyc.validation.invalid' });

// ---- Field rules (decision 0141) ----

const text = (max = 200) => safeText(M.unsafeText!, msg('required')).trim().min(1, msg('required')).max(max, msg('tooLong'));
const optionalText = (max = 200) => safeText(M.unsafeText!, msg('invalid')).trim().max(max, msg('tooLong')).optional();
export const CountryCodeSchema = z.string(msg('country')).trim().toUpperCase().regex(/^[A-Z]{2}$/, { ...msg('country'), abort: true }).refine(isCountryCode, msg('country'));
export const CurrencyCodeSchema = z.string(msg('currency')).trim().toUpperCase().regex(/^[A-Z]{3}$/, msg('currency'));
export const KycEmailSchema = z.string(msg('required')).trim().toLowerCase().min(1, msg('required')).max(254, msg('tooLong')).pipe(z.email(msg('email')));
const PhoneSchema = z.string(msg('required')).trim().regex(/^\+[1-9][0-9 ]{6,18}$/, msg('phone'));
const isHttpUrl = (value: string) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value);
const OptionalUrlSchema = z.string(msg('url')).trim().max(300, msg('tooLong')).refine((value) => value === '' || isHttpUrl(value), msg('url')).optional();
const DocumentRefSchema = z.uuid(msg('documentRequired'));
const OptionalDocumentRefSchema = z.union([z.literal(''), z.uuid(msg('documentRequired'))]).optional();

/** Postal codes vary by country: 1-10 letters, digits, inner spaces or hyphens. */
export const PostalCodeSchema = z.string(msg('required')).trim().min(1, msg('required')).regex(/^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])?$/, msg('postal'));

export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const AddressSchema = z.object({
  addressLine1: text(200),
  addressLine2: optionalText(200),
  city: text(100),
  state: optionalText(100),
  postal: PostalCodeSchema,
  country: CountryCodeSchema,
}, msg('required'));
export type Address = z.infer<typeof AddressSchema>;

export const ADULT_AGE = 18;
const dateOfBirthFields = {
  dayOfBirth: z.number(msg('dayOfBirth')).int(msg('dayOfBirth')).min(1, msg('dayOfBirth')).max(31, msg('dayOfBirth')),
  monthOfBirth: z.number(msg('monthOfBirth')).int(msg('monthOfBirth')).min(1, msg('monthOfBirth')).max(12, msg('monthOfBirth')),
  yearOfBirth: z.number(msg('yearOfBirth')).int(msg('yearOfBirth')).min(1900, msg('yearOfBirth')).max(9999, msg('yearOfBirth')),
};

/** Date of birth exists, is in the past, and the person is an adult (decision 0141). */
export function dateOfBirthIssue(day: number, month: number, year: number, today = new Date()): KycMessageKey | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'kyc.validation.dateOfBirth';
  if (date.getTime() >= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) return 'kyc.validation.dateOfBirthFuture';
  const adultFrom = Date.UTC(year + ADULT_AGE, month - 1, day);
  if (adultFrom > today.getTime()) return 'kyc.validation.adult';
  return undefined;
}

const personFields = {
  firstName: text(100),
  middleName: optionalText(100),
  lastName: text(100),
  ...dateOfBirthFields,
  country: CountryCodeSchema,
  homeAddress: AddressSchema,
  email: KycEmailSchema,
};
/**
 * Cross-field rules run even while other fields are still invalid (zod skips them otherwise), so
 * the form shows them at once; they therefore read the value defensively.
 */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

type PersonDob = { dayOfBirth?: unknown; monthOfBirth?: unknown; yearOfBirth?: unknown };
function checkDateOfBirth(person: PersonDob, ctx: z.RefinementCtx) {
  const { dayOfBirth: day, monthOfBirth: month, yearOfBirth: year } = person;
  if (!isNumber(day) || !isNumber(month) || !isNumber(year) || day < 1 || day > 31 || month < 1 || month > 12 || year < 1900) return;
  const issue = dateOfBirthIssue(day, month, year);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [issue === 'kyc.validation.adult' ? 'yearOfBirth' : 'dayOfBirth'] });
}

// ---- Surveys (spec 3 "KYC question groups", "Sanctions exposure list") ----

export interface SurveyQuestion {
  id: string;
  group: 'BusinessInfo' | 'SanctionExposure';
  kind: 'checkbox' | 'radio';
  /** English text; the SPA shows t(`kyc.survey.${id}.label`, { defaultValue: label }). */
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}
const YES_NO = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
] as const;
const SANCTIONS_ITEMS = [
  ['cuba-iran-north-korea', 'Cuba/Iran/North Korea'],
  ['sanctioned-parties', 'sanctioned individuals or entities'],
  ['sectoral-sanctions', 'sectoral sanctions'],
  ['russia-energy-military-defence', 'Russia energy/military/defence'],
  ['blocked-governments', 'blocked governments'],
  ['us-state-department-listed', 'US State Department listed entity'],
  ['nord-stream-turkstream', 'Nord Stream 2/TurkStream'],
  ['belarus-government', 'Belarus government'],
  ['belarus-potash-petroleum-tobacco', 'Belarus potash/petroleum/tobacco'],
  ['belarus-surveillance-equipment', 'surveillance equipment to Belarus'],
  ['afghanistan-government', 'Afghanistan government'],
] as const;

export const KYC_SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  { id: 'bi-property-type', group: 'BusinessInfo', kind: 'radio', label: 'What kind of accommodation do you run?', options: [{ value: 'hotel', label: 'Hotel' }, { value: 'resort', label: 'Resort' }, { value: 'hostel', label: 'Hostel' }, { value: 'serviced-apartments', label: 'Serviced apartments' }, { value: 'other', label: 'Other' }] },
  { id: 'bi-sales-channels', group: 'BusinessInfo', kind: 'checkbox', label: 'Where do guests book?', options: [{ value: 'website', label: 'Own website' }, { value: 'ota', label: 'Online travel agencies' }, { value: 'phone-email', label: 'Phone or e-mail' }, { value: 'walk-in', label: 'Walk-in' }, { value: 'travel-agents', label: 'Travel agents and tour operators' }] },
  { id: 'bi-annual-volume', group: 'BusinessInfo', kind: 'radio', label: 'Expected yearly card volume (EUR)', options: [{ value: 'lt-1m', label: 'Below 1 million' }, { value: '1m-5m', label: '1 to 5 million' }, { value: '5m-20m', label: '5 to 20 million' }, { value: 'gt-20m', label: 'Above 20 million' }] },
  { id: 'bi-card-presence', group: 'BusinessInfo', kind: 'radio', label: 'How are cards taken?', options: [{ value: 'present', label: 'Card present only' }, { value: 'not-present', label: 'Card not present only' }, { value: 'both', label: 'Both' }] },
  { id: 'bi-advance-payments', group: 'BusinessInfo', kind: 'radio', label: 'Do guests pay in advance (deposits or prepaid rates)?', options: YES_NO },
  ...SANCTIONS_ITEMS.map(([id, label]): SurveyQuestion => ({ id: `se-${id}`, group: 'SanctionExposure', kind: 'radio', label: `Does your business have exposure to: ${label}?`, options: YES_NO })),
  { id: 'se-confirmation', group: 'SanctionExposure', kind: 'checkbox', label: 'I confirm these answers are true and complete', options: [{ value: 'confirmed', label: 'Confirmed' }] },
];

function surveyResponsesSchema(group: SurveyQuestion['group']) {
  const shape: Record<string, z.ZodType<string[]>> = {};
  for (const question of KYC_SURVEY_QUESTIONS.filter((entry) => entry.group === group)) {
    const values = question.options.map((option) => option.value) as [string, ...string[]];
    const answer = z.array(z.enum(values, msg('option')), msg(question.kind === 'radio' ? 'chooseOne' : 'chooseAtLeastOne'));
    shape[question.id] = question.kind === 'radio' ? answer.length(1, msg('chooseOne')) : answer.min(1, msg('chooseAtLeastOne')).refine((list) => new Set(list).size === list.length, msg('option'));
  }
  return z.object(shape, msg('required'));
}

// ---- Steps (spec 2 "KYC wizard", in order) ----

export const KYC_STEP_IDS = ['application-overview', 'company-details', 'business-information', 'sanctions-exposure', 'company-stakeholders', 'processing-details', 'settlement-accounts', 'authorised-signatory'] as const;
export type KycStepId = (typeof KYC_STEP_IDS)[number];
export const KycStepIdSchema = z.enum(KYC_STEP_IDS, msg('invalid'));

export const ApplicationOverviewSchema = z.object({ acknowledged: z.literal(true, msg('acknowledge')) });

export const CompanyDetailsSchema = z.object({
  legalBusinessName: text(200),
  tradingName: optionalText(200),
  registrationNumber: text(50),
  vatNumber: optionalText(30),
  incorporationCountry: CountryCodeSchema,
  website: OptionalUrlSchema,
  contactEmail: KycEmailSchema,
  contactPhone: PhoneSchema,
  businessAddress: AddressSchema,
  certificateOfIncorporationDocumentId: DocumentRefSchema,
  proofOfPrincipalPlaceOfBusinessDocumentId: DocumentRefSchema,
  businessRegistrationDocumentId: OptionalDocumentRefSchema,
  memorandumDocumentId: OptionalDocumentRefSchema,
  licenseToOperateDocumentId: OptionalDocumentRefSchema,
});

export const BusinessInformationSchema = z.object({ responses: surveyResponsesSchema('BusinessInfo') });

export const SanctionsExposureSchema = z
  .object({ responses: surveyResponsesSchema('SanctionExposure'), explanation: optionalText(2000) })
  .superRefine((value, ctx) => {
    const responses = typeof value.responses === 'object' && value.responses !== null ? (value.responses as Record<string, unknown>) : {};
    const anyYes = Object.entries(responses).some(([id, answer]) => id !== 'se-confirmation' && Array.isArray(answer) && answer.includes('yes'));
    const explanation = typeof value.explanation === 'string' ? value.explanation.trim() : '';
    if (anyYes && explanation.length < 20) ctx.addIssue({ code: 'custom', message: M.explanationRequired!, path: ['explanation'] });
  }, ALWAYS);

export const STAKEHOLDER_KINDS = ['ubo', 'controlPerson'] as const;
export const StakeholderSchema = z
  .object({
    uboId: z.uuid(msg('id')),
    kind: z.enum(STAKEHOLDER_KINDS, msg('required')),
    ...personFields,
    shareOwnership: z.number(msg('shareRange')).min(0, msg('shareRange')).max(100, msg('shareRange')),
    proofOfAddressDocumentId: DocumentRefSchema,
    proofOfIdentityDocumentId: DocumentRefSchema,
  })
  .superRefine((person, ctx) => {
    checkDateOfBirth(person, ctx);
    if (person.kind === 'ubo' && isNumber(person.shareOwnership) && person.shareOwnership <= 0) ctx.addIssue({ code: 'custom', message: M.uboShare!, path: ['shareOwnership'] });
  }, ALWAYS);
export type Stakeholder = z.infer<typeof StakeholderSchema>;

export const CompanyStakeholdersSchema = z
  .object({
    stakeholders: z.array(StakeholderSchema, msg('uboAtLeastOne')).max(20, msg('tooMany')),
    ownershipStructureDocumentId: DocumentRefSchema,
  })
  .superRefine((value, ctx) => {
    const people: Array<{ kind?: unknown; shareOwnership?: unknown }> = Array.isArray(value.stakeholders) ? value.stakeholders.filter((person) => typeof person === 'object' && person !== null) : [];
    if (Array.isArray(value.stakeholders) && !people.some((person) => person.kind === 'ubo')) ctx.addIssue({ code: 'custom', message: M.uboAtLeastOne!, path: ['stakeholders'] });
    if (totalShares(people) > 100) ctx.addIssue({ code: 'custom', message: M.sharesOver100!, path: ['stakeholders'] });
  }, ALWAYS);

function totalShares(people: ReadonlyArray<{ kind?: unknown; shareOwnership?: unknown }>): number {
  const sum = people.filter((person) => person.kind === 'ubo' && typeof person.shareOwnership === 'number').reduce((total, person) => total + (person.shareOwnership as number), 0);
  return Math.round(sum * 100) / 100;
}

/** Card and payment scheme labels of spec 3 (processing settings). */
export const PAYMENT_SCHEMES = [
  ['visa-mastercard-uk-europe', 'Visa/Mastercard UK and Europe'],
  ['visa-mastercard-worldwide', 'Visa/Mastercard worldwide'],
  ['amex-discover-diners', 'Amex/Discover/Diners'],
  ['jcb-unionpay', 'JCB/UnionPay'],
  ['business-cards', 'business cards'],
  ['alipay', 'Alipay (Chinese and others)'],
  ['bancontact', 'Bancontact'],
  ['eps', 'EPS'],
  ['giropay', 'Giropay'],
  ['ideal', 'iDeal'],
  ['klarna-pay-later', 'Klarna pay later'],
  ['multibanco', 'Multibanco'],
  ['przelewy24', 'Przelewy24'],
  ['sofort', 'SOFORT'],
  ['wechat-pay', 'WeChat Pay'],
] as const;
export const PaymentSchemeSchema = z.enum(PAYMENT_SCHEMES.map(([value]) => value) as [string, ...string[]], msg('option'));

/** Amounts are whole units of the first processing currency (estimates, not money movements). */
export const ProcessingDetailsSchema = z
  .object({
    currencies: z.array(CurrencyCodeSchema, msg('currency')).min(1, msg('currency')).max(20, msg('tooMany')),
    paymentSchemes: z.array(PaymentSchemeSchema, msg('chooseAtLeastOne')).min(1, msg('chooseAtLeastOne')),
    expectedMonthlyVolume: z.number(msg('amount')).int(msg('amount')).positive(msg('amount')).max(1e12, msg('amount')),
    averageTransactionAmount: z.number(msg('amount')).positive(msg('amount')).max(1e9, msg('amount')),
    maxTransactionAmount: z.number(msg('amount')).positive(msg('amount')).max(1e9, msg('amount')),
    hasCurrentProcessor: z.boolean(msg('chooseOne')),
    currentProcessorName: optionalText(100),
    processorStatementDocumentId: OptionalDocumentRefSchema,
    refundPolicyUrl: OptionalUrlSchema,
  })
  .superRefine((value, ctx) => {
    if (isNumber(value.maxTransactionAmount) && isNumber(value.averageTransactionAmount) && value.maxTransactionAmount < value.averageTransactionAmount)
      ctx.addIssue({ code: 'custom', message: M.maxBelowAverage!, path: ['maxTransactionAmount'] });
    if (value.hasCurrentProcessor === true && !(typeof value.currentProcessorName === 'string' && value.currentProcessorName.trim())) ctx.addIssue({ code: 'custom', message: M.processorName!, path: ['currentProcessorName'] });
    if (value.hasCurrentProcessor === true && !value.processorStatementDocumentId) ctx.addIssue({ code: 'custom', message: M.documentRequired!, path: ['processorStatementDocumentId'] });
  }, ALWAYS);

export const ACCOUNT_TYPES = ['current', 'savings', 'recurring', 'fixed deposit'] as const;
export const SettlementAccountSchema = z.object({
  accountId: z.uuid(msg('id')),
  bankName: text(120),
  accountHolderName: text(200),
  iban: z.string(msg('required')).trim().transform((value) => value.replace(/\s+/g, '').toUpperCase()).refine(isValidIban, msg('iban')),
  swiftBic: z.string(msg('required')).trim().toUpperCase().regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, msg('bic')),
  currency: CurrencyCodeSchema,
  accountType: z.enum(ACCOUNT_TYPES, msg('chooseOne')),
  bankAddress: AddressSchema,
  bankAccountOwnerAddress: AddressSchema,
  bankStatementDocumentId: DocumentRefSchema,
});
export const SettlementAccountsSchema = z.object({
  accounts: z.array(SettlementAccountSchema, msg('accountAtLeastOne')).min(1, msg('accountAtLeastOne')).max(5, msg('tooMany')),
});

export const AuthorisedSignatorySchema = z
  .object({
    ...personFields,
    jobTitle: text(100),
    phone: PhoneSchema,
    proofOfIdentityDocumentId: DocumentRefSchema,
    proofOfAddressDocumentId: DocumentRefSchema,
    delegationOfAuthorityDocumentId: OptionalDocumentRefSchema,
    confirmation: z.literal(true, msg('confirm')),
  })
  .superRefine(checkDateOfBirth, ALWAYS);

export const KYC_STEP_SCHEMAS = {
  'application-overview': ApplicationOverviewSchema,
  'company-details': CompanyDetailsSchema,
  'business-information': BusinessInformationSchema,
  'sanctions-exposure': SanctionsExposureSchema,
  'company-stakeholders': CompanyStakeholdersSchema,
  'processing-details': ProcessingDetailsSchema,
  'settlement-accounts': SettlementAccountsSchema,
  'authorised-signatory': AuthorisedSignatorySchema,
} as const satisfies Record<KycStepId, z.ZodType>;
export type KycStepData<S extends KycStepId> = z.infer<(typeof KYC_STEP_SCHEMAS)[S]>;

/** i18n keys of the step titles; the last step is titled submit application (spec 2). */
export const KYC_STEP_TITLE_KEYS: Record<KycStepId | 'application-success', string> = {
  'application-overview': 'kyc.steps.applicationOverview',
  'company-details': 'kyc.steps.companyDetails',
  'business-information': 'kyc.steps.businessInformation',
  'sanctions-exposure': 'kyc.steps.sanctionsExposure',
  'company-stakeholders': 'kyc.steps.companyStakeholders',
  'processing-details': 'kyc.steps.processingDetails',
  'settlement-accounts': 'kyc.steps.settlementAccounts',
  'authorised-signatory': 'kyc.steps.submitApplication',
  'application-success': 'kyc.steps.applicationSuccess',
};

/** Warnings do not block saving or submitting; they are shown beside the field. */
export function kycStepWarnings(step: KycStepId, data: unknown): Array<{ path: string; message: string }> {
  if (step !== 'company-stakeholders' || typeof data !== 'object' || data === null) return [];
  const people = (data as { stakeholders?: unknown }).stakeholders;
  if (!Array.isArray(people) || !people.some((person) => (person as { kind?: unknown })?.kind === 'ubo')) return [];
  const total = totalShares(people as Array<{ kind?: unknown; shareOwnership?: unknown }>);
  return total < 100 ? [{ path: 'stakeholders', message: 'kyc.warning.sharesBelow100' }] : [];
}

// ---- Document slots: which step field holds which kind of document ----

export interface KycDocumentSlot {
  field: string;
  /** For list steps: the list and the key of each entry (the document's ownerRef). */
  list?: { name: 'stakeholders' | 'accounts'; ownerKey: 'uboId' | 'accountId' };
  documentType: number;
  documentGroup: DocumentGroup;
  required: boolean;
}
export const KYC_DOCUMENT_SLOTS: Record<KycStepId, readonly KycDocumentSlot[]> = {
  'application-overview': [],
  'company-details': [
    { field: 'certificateOfIncorporationDocumentId', documentType: 1, documentGroup: 'Merchant', required: true },
    { field: 'businessRegistrationDocumentId', documentType: 2, documentGroup: 'Merchant', required: false },
    { field: 'memorandumDocumentId', documentType: 3, documentGroup: 'Merchant', required: false },
    { field: 'licenseToOperateDocumentId', documentType: 4, documentGroup: 'Merchant', required: false },
    { field: 'proofOfPrincipalPlaceOfBusinessDocumentId', documentType: 5, documentGroup: 'Merchant', required: true },
  ],
  'business-information': [],
  'sanctions-exposure': [],
  'company-stakeholders': [
    { field: 'ownershipStructureDocumentId', documentType: 6, documentGroup: 'Merchant', required: true },
    { field: 'proofOfAddressDocumentId', list: { name: 'stakeholders', ownerKey: 'uboId' }, documentType: 10, documentGroup: 'UBO', required: true },
    { field: 'proofOfIdentityDocumentId', list: { name: 'stakeholders', ownerKey: 'uboId' }, documentType: 11, documentGroup: 'UBO', required: true },
  ],
  'processing-details': [{ field: 'processorStatementDocumentId', documentType: 7, documentGroup: 'ProofOfPaymentProcessor', required: false }],
  'settlement-accounts': [{ field: 'bankStatementDocumentId', list: { name: 'accounts', ownerKey: 'accountId' }, documentType: 8, documentGroup: 'Settlement', required: true }],
  'authorised-signatory': [
    { field: 'proofOfIdentityDocumentId', documentType: 12, documentGroup: 'UBO', required: true },
    { field: 'proofOfAddressDocumentId', documentType: 13, documentGroup: 'UBO', required: true },
    { field: 'delegationOfAuthorityDocumentId', documentType: 9, documentGroup: 'Merchant', required: false },
  ],
};

/** Every document id a step's data refers to, with the path of the field and the slot it fills. */
export function documentRefsOf(step: KycStepId, data: unknown): Array<{ path: string; documentId: string; slot: KycDocumentSlot; ownerRef: string | null }> {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  const refs: Array<{ path: string; documentId: string; slot: KycDocumentSlot; ownerRef: string | null }> = [];
  for (const slot of KYC_DOCUMENT_SLOTS[step]) {
    if (!slot.list) {
      const value = record[slot.field];
      if (typeof value === 'string' && value !== '') refs.push({ path: slot.field, documentId: value, slot, ownerRef: null });
      continue;
    }
    const entries = record[slot.list.name];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: Record<string, unknown> | null, index) => {
      const value = entry?.[slot.field];
      const owner = entry?.[slot.list!.ownerKey];
      if (typeof value === 'string' && value !== '') refs.push({ path: `${slot.list!.name}.${index}.${slot.field}`, documentId: value, slot, ownerRef: typeof owner === 'string' ? owner : null });
    });
  }
  return refs;
}

// ---- Documents (spec 3 "Document", enumerations "Document types 0-16", groups, KYC document statuses) ----

export const DOCUMENT_TYPES = [
  'None',
  'CertificateOfIncorporation',
  'BusinessRegistrationDocument',
  'MemorandumAndArticleOfAssociation',
  'LicenseToOperate',
  'ProofOfPrincipalPlaceOfBusiness',
  'CorporationOwnershipStructure',
  'RecentStatementFromCurrentPaymentProcessor',
  'BankAccountStatement',
  'DelegationOfAuthorityForTheAuthorisedSignatory',
  'ProofOfAddress',
  'ProofOfIdentity',
  'ProofOfIdOfAuthorizedSignitory',
  'ProofOfAddressOfAuthorizedSignitory',
  'IdDocumentOfPerson',
  'BrandAssetLogo',
  'BrandAssetImage',
] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPES)[number];
/** The numeric document type (0-16) is what the API carries; DOCUMENT_TYPES[n] names it. */
export const DocumentTypeSchema = z.coerce.number({ error: 'kyc.validation.documentType' }).int({ error: 'kyc.validation.documentType' }).min(0, { error: 'kyc.validation.documentType' }).max(16, { error: 'kyc.validation.documentType' });

export const DOCUMENT_GROUPS = ['Merchant', 'Settlement', 'UBO', 'ProofOfPaymentProcessor', 'BrandAsset'] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];
export const DocumentGroupSchema = z.enum(DOCUMENT_GROUPS, { error: 'kyc.validation.documentGroup' });

export const KYC_DOCUMENT_STATUSES = ['Created', 'InProgress', 'Waited', 'Failed', 'Completed', 'Approved'] as const;
export const KycDocumentStatusSchema = z.enum(KYC_DOCUMENT_STATUSES);

/** Accepted by content (file-type), not by name; docs/decisions/0143-kyc-document-uploads.md. */
export const KYC_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const KYC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Spec 3 "Photo rules for ID uploads", as i18n keys with English text. */
export const ID_PHOTO_RULES = [
  { key: 'kyc.photoRules.noScreenshots', en: 'No screenshots' },
  { key: 'kyc.photoRules.noHiddenCorner', en: 'No hidden corner' },
  { key: 'kyc.photoRules.notBlackAndWhite', en: 'Not black and white' },
  { key: 'kyc.photoRules.notCovered', en: 'Not covered' },
  { key: 'kyc.photoRules.notBlurry', en: 'Not blurry' },
] as const;

/** Steps that take documents; the header of a KYC document is the step it belongs to. */
export const DOCUMENT_HEADERS = ['company-details', 'company-stakeholders', 'processing-details', 'settlement-accounts', 'authorised-signatory'] as const;
export const DocumentHeaderSchema = z.enum(DOCUMENT_HEADERS, { error: 'kyc.validation.documentHeader' });
export type DocumentHeader = (typeof DOCUMENT_HEADERS)[number];

/** Multipart fields of an upload (the file part is named `file`). */
export const KycDocumentUploadFieldsSchema = z.object({
  documentType: DocumentTypeSchema,
  documentGroup: DocumentGroupSchema,
  header: DocumentHeaderSchema,
  /** The person (uboId) or account (accountId) the document belongs to, for list sections. */
  ownerRef: z.uuid({ error: 'kyc.validation.id' }).optional(),
  description: safeText(M.unsafeText!).trim().max(300, { error: 'kyc.validation.tooLong' }).optional(),
  /** Uploading a replacement keeps the old document as history and repoints the step drafts. */
  replacesDocumentId: z.uuid({ error: 'kyc.validation.id' }).optional(),
});
export type KycDocumentUploadFields = z.input<typeof KycDocumentUploadFieldsSchema>;

export const KycDocumentSchema = z.object({
  documentId: z.uuid(),
  /** Slot key `<header>/<ownerRef or ->/<documentType>`: where the document sits in the application. */
  key: z.string(),
  merchantGroupId: z.uuid(),
  documentType: z.number().int(),
  documentTypeName: z.enum(DOCUMENT_TYPES),
  documentGroup: DocumentGroupSchema,
  header: z.string(),
  ownerRef: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  status: KycDocumentStatusSchema,
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  /** Set when a newer upload replaced this one (history). */
  replacedBy: z.uuid().nullable(),
  /** The document this one replaced, if any (walk back to find what a reviewer flagged). */
  replaces: z.uuid().nullable(),
  /** Short-lived signed url: opens for the owner group's users and provider staff only. */
  accessUrl: z.string(),
  flagged: z.boolean(),
});
export type KycDocument = z.infer<typeof KycDocumentSchema>;

export const KycDocumentListSchema = z.object({
  headers: z.array(z.object({ header: z.string(), documents: z.array(KycDocumentSchema) })),
});

// ---- Review flags, audit trail, read model ----

export const KycFlagSchema = z.object({
  id: z.uuid(),
  targetKind: z.enum(['field', 'document']),
  /** field: `<step>` or `<step>.<dotted path>` (e.g. `company-details.businessAddress.postal`); document: the document id. */
  target: z.string(),
  /** For a document flag, the step the document belongs to; for a field flag, its step. */
  step: KycStepIdSchema.nullable(),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type KycFlag = z.infer<typeof KycFlagSchema>;

export const KycWarningSchema = z.object({ path: z.string(), message: z.string() });
export type KycWarning = z.infer<typeof KycWarningSchema>;
/** Field path (dotted, `_` for the whole step) -> i18n message keys. */
export const KycFieldErrorsSchema = z.record(z.string(), z.array(z.string()));

export const KycStepStateSchema = z.object({
  step: KycStepIdSchema,
  saved: z.boolean(),
  valid: z.boolean(),
  savedAt: z.string().nullable(),
  /** Unresolved review flags on this step (fields or documents). */
  flagged: z.boolean(),
});
export type KycStepState = z.infer<typeof KycStepStateSchema>;

/** edit: fill in freely; resubmission: only flagged fields and documents change; readOnly: under review or decided. */
export const KycWizardModeSchema = z.enum(['edit', 'resubmission', 'readOnly']);
export type KycWizardMode = z.infer<typeof KycWizardModeSchema>;

/** GET .../merchants/validate/{id}/onboarding-tracking: where the applicant stands (the wizard resumes from this). */
export const OnboardingTrackingSchema = z.object({
  merchantGroupId: z.uuid(),
  applicationId: z.uuid(),
  status: OnboardingStatusSchema,
  displayStatus: KycDisplayStatusSchema,
  mode: KycWizardModeSchema,
  steps: z.array(KycStepStateSchema),
  /** First step that is not valid (the last step when all are). */
  resumeStep: KycStepIdSchema,
  canSubmit: z.boolean(),
  flags: z.array(KycFlagSchema),
});
export type OnboardingTracking = z.infer<typeof OnboardingTrackingSchema>;

export const AuditEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const KycStepDetailSchema = KycStepStateSchema.extend({
  /** The saved draft (validated and normalised when valid); null when never saved. */
  data: z.record(z.string(), z.unknown()).nullable(),
  errors: KycFieldErrorsSchema,
  warnings: z.array(KycWarningSchema),
});

/** The application read model: the wizard's data and the reviewer's page. */
export const KycApplicationSchema = OnboardingTrackingSchema.extend({
  merchantGroupName: z.string(),
  country: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  statusChangedAt: z.string(),
  steps: z.array(KycStepDetailSchema),
  documents: z.array(KycDocumentSchema),
  rejectionReason: z.string().nullable(),
  allowedActions: z.array(LifecycleActionSchema),
  auditTrail: z.array(AuditEntrySchema),
});
export type KycApplication = z.infer<typeof KycApplicationSchema>;

// ---- Requests ----

/** A draft may be incomplete: it is stored as given and its validity computed with the step schema. */
export const SaveStepBodySchema = z.object({
  step: KycStepIdSchema,
  data: z.record(z.string(), z.unknown(), { error: 'kyc.validation.stepData' }),
});
export const SaveStepAnswerSchema = z.object({
  step: KycStepIdSchema,
  valid: z.boolean(),
  errors: KycFieldErrorsSchema,
  warnings: z.array(KycWarningSchema),
  savedAt: z.string(),
  /** Every step's state after the save, so the wizard can update its progress. */
  steps: z.array(KycStepStateSchema),
  canSubmit: z.boolean(),
});
export type SaveStepAnswer = z.infer<typeof SaveStepAnswerSchema>;

export const ValidateStepAnswerSchema = SaveStepAnswerSchema.pick({ step: true, valid: true, errors: true, warnings: true });

const ReasonSchema = safeText(M.unsafeText!, { error: 'kyc.validation.reasonRequired' }).trim().min(3, { error: 'kyc.validation.reasonRequired' }).max(1000, { error: 'kyc.validation.tooLong' });

export const ReviewFlagInputSchema = z.object({
  targetKind: z.enum(['field', 'document'], { error: 'kyc.validation.flagTarget' }),
  target: safeText(M.unsafeText!, { error: 'kyc.validation.flagTarget' }).trim().min(1, { error: 'kyc.validation.flagTarget' }).max(300, { error: 'kyc.validation.tooLong' }),
  reason: ReasonSchema,
});

/** One body for every review action; each goes through the onboarding lifecycle (409 when it forbids it). */
export const KycTransitionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('startReview') }),
    z.object({ action: z.literal('requestResubmission'), flags: z.array(ReviewFlagInputSchema).min(1, { error: 'kyc.validation.flagAtLeastOne' }).max(50) }),
    z.object({ action: z.literal('approve'), note: safeText(M.unsafeText!).trim().max(1000, { error: 'kyc.validation.tooLong' }).optional() }),
    z.object({ action: z.literal('reject'), reason: ReasonSchema }),
    z.object({ action: z.literal('signContract') }),
    z.object({ action: z.literal('activate') }),
    z.object({ action: z.literal('delete'), reason: safeText(M.unsafeText!).trim().max(1000, { error: 'kyc.validation.tooLong' }).optional() }),
  ],
  { error: 'kyc.validation.action' },
);
export type KycTransitionBody = z.input<typeof KycTransitionBodySchema>;

const GroupIdParams = z.object({ id: z.uuid({ error: 'kyc.validation.id' }) });
const KYC = `${MERCHANT_API}/kyc`;
const READ = { resource: 'KYCApplications', action: 'Read' } as const;
const UPDATE = { resource: 'KYCApplications', action: 'Update' } as const;
/** Review actions need Approve: provider reviewers hold it, the applicant (RIU) does not. */
const REVIEW = { resource: 'KYCApplications', action: 'Approve' } as const;

// Every `{id}` below is the merchant group id (one application per group). Mapping of the spec 7
// merchant confirmation / onboarding-tracking calls: docs/decisions/0144-kyc-api-mapping.md.
export const kycEndpoints = endpointTable([
  defineEndpoint({ id: 'getKycConfirmation', method: 'GET', path: `${MERCHANT_API}/merchants/confirmation/{id}`, summary: 'The KYC application of a merchant group (own group, or provider staff); includeEmptyRow adds one empty stakeholder/account row to unsaved list steps', access: READ, params: GroupIdParams, query: z.object({ includeEmptyRow: z.enum(['true', 'false']).transform((value) => value === 'true').optional() }), response: KycApplicationSchema }),
  defineEndpoint({ id: 'saveKycStep', method: 'POST', path: `${MERCHANT_API}/merchants/confirmation/{id}`, summary: 'Save one wizard step as a draft; answers its validity, field errors and warnings. Own group only, while Created or SentForResubmission (then only flagged fields)', access: UPDATE, params: GroupIdParams, body: SaveStepBodySchema, response: SaveStepAnswerSchema }),
  defineEndpoint({ id: 'submitKycApplication', method: 'POST', path: `${MERCHANT_API}/merchants/confirmation/{id}/submit`, summary: 'Submit the application (Created/SentForResubmission -> Pending) when every step is valid; 409 otherwise', access: UPDATE, params: GroupIdParams, response: KycApplicationSchema }),
  defineEndpoint({ id: 'validateKycStep', method: 'POST', path: `${MERCHANT_API}/merchants/validate/onboarding-tracking`, summary: 'Validate one step without storing anything', access: READ, body: SaveStepBodySchema, response: ValidateStepAnswerSchema }),
  defineEndpoint({ id: 'getOnboardingTracking', method: 'GET', path: `${MERCHANT_API}/merchants/validate/{id}/onboarding-tracking`, summary: 'Where the application stands: status, mode, per-step progress, the step to resume at, open flags', access: READ, params: GroupIdParams, response: OnboardingTrackingSchema }),
  defineEndpoint({ id: 'getKycApplication', method: 'GET', path: `${KYC}/applications/{id}`, summary: 'The application read model for the review page (same answer as the confirmation call)', access: READ, params: GroupIdParams, response: KycApplicationSchema }),
  defineEndpoint({ id: 'transitionKycApplication', method: 'POST', path: `${KYC}/applications/{id}/transitions`, summary: 'A review action (startReview, requestResubmission with flags, approve, reject with reason, signContract, activate, delete); 409 when the lifecycle forbids it; delete also needs Delete', access: REVIEW, params: GroupIdParams, body: KycTransitionBodySchema, response: KycApplicationSchema }),
  defineEndpoint({ id: 'uploadKycDocument', method: 'POST', path: `${KYC}/applications/{id}/documents`, summary: `Upload a document (multipart: fields + file). PDF, JPEG or PNG by content, at most ${KYC_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413/415 otherwise)`, access: UPDATE, params: GroupIdParams, bodyType: 'multipart', body: z.custom<FormData>(), response: KycDocumentSchema, successStatus: 201 }),
  defineEndpoint({ id: 'listKycDocuments', method: 'GET', path: `${KYC}/applications/{id}/documents`, summary: 'Documents per header with their KYC status and access url; includeHistory adds replaced ones', access: READ, params: GroupIdParams, query: z.object({ includeHistory: z.enum(['true', 'false']).transform((value) => value === 'true').optional() }), response: KycDocumentListSchema }),
]);

/** The first step of `steps` that is not valid, else the last one. */
export function resumeStepOf(steps: ReadonlyArray<{ step: KycStepId; valid: boolean }>): KycStepId {
  return steps.find((entry) => !entry.valid)?.step ?? KYC_STEP_IDS[KYC_STEP_IDS.length - 1]!;
}
