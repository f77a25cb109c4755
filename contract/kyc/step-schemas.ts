import { z } from 'zod';
import {
  AddressSchema,
  ALWAYS,
  checkDateOfBirth,
  CountryCodeSchema,
  CurrencyCodeSchema,
  DocumentRefSchema,
  isNumber,
  isValidIban,
  KycEmailSchema,
  OptionalDocumentRefSchema,
  OptionalUrlSchema,
  optionalText,
  personFields,
  PhoneSchema,
  text,
} from './fields';
import { fitsCurrencyDigits } from '../money';
import { kycMessage, msg } from './messages';
import type { KycStepId } from './steps';
import { surveyResponsesSchema } from './surveys';

// The schema of each KYC step's data (spec 2 "KYC wizard", spec 3; decision 0141): the form and
// the server validate a draft with the same schema.

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
    if (anyYes && explanation.length < 20) ctx.addIssue({ code: 'custom', message: kycMessage('explanationRequired'), path: ['explanation'] });
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
    if (person.kind === 'ubo' && isNumber(person.shareOwnership) && person.shareOwnership <= 0)
      ctx.addIssue({ code: 'custom', message: kycMessage('uboShare'), path: ['shareOwnership'] });
  }, ALWAYS);

export const CompanyStakeholdersSchema = z
  .object({
    stakeholders: z.array(StakeholderSchema, msg('uboAtLeastOne')).max(20, msg('tooMany')),
    ownershipStructureDocumentId: DocumentRefSchema,
  })
  .superRefine((value, ctx) => {
    const people: Array<{ kind?: unknown; shareOwnership?: unknown }> = Array.isArray(value.stakeholders)
      ? value.stakeholders.filter((person) => typeof person === 'object' && person !== null)
      : [];
    if (Array.isArray(value.stakeholders) && !people.some((person) => person.kind === 'ubo'))
      ctx.addIssue({ code: 'custom', message: kycMessage('uboAtLeastOne'), path: ['stakeholders'] });
    if (totalShares(people) > 100) ctx.addIssue({ code: 'custom', message: kycMessage('sharesOver100'), path: ['stakeholders'] });
  }, ALWAYS);

function totalShares(people: ReadonlyArray<{ kind?: unknown; shareOwnership?: unknown }>): number {
  const sum = people
    .filter((person) => person.kind === 'ubo' && typeof person.shareOwnership === 'number')
    .reduce((total, person) => total + (person.shareOwnership as number), 0);
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
    expectedMonthlyVolume: z.number(msg('amount')).int(msg('wholeAmount')).positive(msg('amount')).max(1e12, msg('amountTooLarge')),
    averageTransactionAmount: z.number(msg('amount')).positive(msg('amount')).max(1e9, msg('amountTooLarge')),
    maxTransactionAmount: z.number(msg('amount')).positive(msg('amount')).max(1e9, msg('amountTooLarge')),
    hasCurrentProcessor: z.boolean(msg('chooseOne')),
    currentProcessorName: optionalText(100),
    processorStatementDocumentId: OptionalDocumentRefSchema,
    refundPolicyUrl: OptionalUrlSchema,
  })
  .superRefine((value, ctx) => {
    // The amounts are in the first currency chosen: no more decimals than it has (no yen fractions).
    const currency = Array.isArray(value.currencies) ? value.currencies[0] : undefined;
    if (typeof currency === 'string')
      for (const field of ['averageTransactionAmount', 'maxTransactionAmount'] as const) {
        const amount = value[field];
        if (isNumber(amount) && !fitsCurrencyDigits(amount, currency)) ctx.addIssue({ code: 'custom', message: kycMessage('currencyDecimals'), path: [field] });
      }
    if (isNumber(value.maxTransactionAmount) && isNumber(value.averageTransactionAmount) && value.maxTransactionAmount < value.averageTransactionAmount)
      ctx.addIssue({ code: 'custom', message: kycMessage('maxBelowAverage'), path: ['maxTransactionAmount'] });
    if (value.hasCurrentProcessor === true && !(typeof value.currentProcessorName === 'string' && value.currentProcessorName.trim()))
      ctx.addIssue({ code: 'custom', message: kycMessage('processorName'), path: ['currentProcessorName'] });
    if (value.hasCurrentProcessor === true && !value.processorStatementDocumentId)
      ctx.addIssue({ code: 'custom', message: kycMessage('documentRequired'), path: ['processorStatementDocumentId'] });
  }, ALWAYS);

export const ACCOUNT_TYPES = ['current', 'savings', 'recurring', 'fixed deposit'] as const;
export const SettlementAccountSchema = z.object({
  accountId: z.uuid(msg('id')),
  bankName: text(120),
  accountHolderName: text(200),
  iban: z
    .string(msg('required'))
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidIban, msg('iban')),
  swiftBic: z
    .string(msg('required'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, msg('bic')),
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

/** Warnings do not block saving or submitting; they are shown beside the field. */
export function kycStepWarnings(step: KycStepId, data: unknown): Array<{ path: string; message: string }> {
  if (step !== 'company-stakeholders' || typeof data !== 'object' || data === null) return [];
  const people = (data as { stakeholders?: unknown }).stakeholders;
  if (!Array.isArray(people) || !people.some((person) => (person as { kind?: unknown })?.kind === 'ubo')) return [];
  const total = totalShares(people as Array<{ kind?: unknown; shareOwnership?: unknown }>);
  return total < 100 ? [{ path: 'stakeholders', message: 'kyc.warning.sharesBelow100' }] : [];
}
