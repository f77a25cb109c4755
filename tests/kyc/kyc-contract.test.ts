import { describe, expect, it } from 'vitest';
import { dateOfBirthIssue, isValidIban } from '../../contract/kyc/fields';
import { KYC_MESSAGE_KEYS } from '../../contract/kyc/messages';
import { KycTransitionBodySchema } from '../../contract/kyc/review';
import { KYC_STEP_SCHEMAS, kycStepWarnings } from '../../contract/kyc/step-schemas';
import { KYC_STEP_IDS } from '../../contract/kyc/steps';
import { KYC_SURVEY_QUESTIONS } from '../../contract/kyc/surveys';
import { CreateMerchantGroupSchema, kycDisplayStatus, KycApplicationSearchSchema, ONBOARDING_STATUSES } from '../../contract/merchant-groups';

// The field rules of decision 0141, and that every message a KYC schema can produce is one of the
// contract's message keys (tests/i18n/server-messages.test.ts checks each has English words).

const GARBAGE: unknown[] = [
  {},
  { stakeholders: [{}], accounts: [{}], responses: {} },
  { stakeholders: 'x', accounts: 5, responses: { 'bi-property-type': ['nope', 'nope'] } },
  { businessAddress: { postal: '!!' }, dayOfBirth: 40, monthOfBirth: 0, yearOfBirth: 12, email: 'x', shareOwnership: 120 },
];

describe('KYC contract', () => {
  it('answers every failure of every step with a catalogued message key', () => {
    const messages = new Set<string>();
    for (const step of KYC_STEP_IDS)
      for (const input of GARBAGE) {
        const result = KYC_STEP_SCHEMAS[step].safeParse(input);
        expect(result.success, step).toBe(false);
        result.error?.issues.forEach((issue) => messages.add(issue.message));
      }
    for (const input of [{}, { action: 'nope' }, { action: 'reject' }, { action: 'requestResubmission', flags: [] }])
      KycTransitionBodySchema.safeParse(input).error?.issues.forEach((issue) => messages.add(issue.message));
    for (const input of [{}, { name: 'x', country: 'Austria', contactEmail: 'x' }])
      CreateMerchantGroupSchema.safeParse(input).error?.issues.forEach((issue) => messages.add(issue.message));
    KycApplicationSearchSchema.safeParse({ page: 0, pageSize: 7, search: 'x'.repeat(101) }).error?.issues.forEach((issue) => messages.add(issue.message));
    const unknown = [...messages].filter((message) => !(KYC_MESSAGE_KEYS as readonly string[]).includes(message));
    expect(unknown).toEqual([]);
    expect(messages.size).toBeGreaterThan(20);
  });

  it('checks dates of birth: real, in the past, adult', () => {
    const today = new Date(Date.UTC(2026, 10, 22));
    expect(dateOfBirthIssue(30, 2, 1990, today)).toBe('kyc.validation.dateOfBirth');
    expect(dateOfBirthIssue(1, 1, 2027, today)).toBe('kyc.validation.dateOfBirthFuture');
    expect(dateOfBirthIssue(23, 11, 2008, today)).toBe('kyc.validation.adult');
    expect(dateOfBirthIssue(22, 11, 2008, today)).toBeUndefined();
    expect(dateOfBirthIssue(29, 2, 2000, today)).toBeUndefined();
  });

  it('reports cross-field rules while other fields are still missing', () => {
    const person = KYC_STEP_SCHEMAS['company-stakeholders'].safeParse({ stakeholders: [{ kind: 'ubo', dayOfBirth: 1, monthOfBirth: 1, yearOfBirth: 2090 }] });
    expect(person.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      'stakeholders.0.dayOfBirth',
      'kyc.validation.dateOfBirthFuture',
    ]);
    const processing = KYC_STEP_SCHEMAS['processing-details'].safeParse({
      averageTransactionAmount: 500,
      maxTransactionAmount: 100,
      hasCurrentProcessor: true,
    });
    expect(processing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['maxTransactionAmount', 'currentProcessorName', 'processorStatementDocumentId']),
    );
  });

  it('keeps the processing amounts to the decimals of the first currency chosen, and says what is wrong with each amount', () => {
    const issues = (data: Record<string, unknown>) =>
      KYC_STEP_SCHEMAS['processing-details'].safeParse(data).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues({ currencies: ['JPY', 'EUR'], averageTransactionAmount: 250.75, maxTransactionAmount: 1000 })).toContainEqual([
      'averageTransactionAmount',
      'kyc.validation.currencyDecimals',
    ]);
    expect(issues({ currencies: ['JPY'], averageTransactionAmount: 250, maxTransactionAmount: 1000 }).map(([path]) => path)).not.toContain(
      'averageTransactionAmount',
    );
    expect(issues({ currencies: ['KWD'], averageTransactionAmount: 12.345, maxTransactionAmount: 20.5 }).map(([path]) => path)).not.toContain(
      'averageTransactionAmount',
    );
    expect(issues({ currencies: ['EUR'], maxTransactionAmount: 10.555 })).toContainEqual(['maxTransactionAmount', 'kyc.validation.currencyDecimals']);
    expect(issues({ expectedMonthlyVolume: 10.5 })).toContainEqual(['expectedMonthlyVolume', 'kyc.validation.wholeAmount']);
    expect(issues({ expectedMonthlyVolume: 99_999_999_999_999 })).toContainEqual(['expectedMonthlyVolume', 'kyc.validation.amountTooLarge']);
  });

  it('checks IBANs with mod 97', () => {
    expect(isValidIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isValidIban('NL91 ABNA 0417 1643 01')).toBe(false);
    expect(isValidIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isValidIban('12345')).toBe(false);
  });

  it('makes UBO shares above 100% an error and below 100% a warning', () => {
    const person = (share: number) => ({ kind: 'ubo', shareOwnership: share });
    expect(kycStepWarnings('company-stakeholders', { stakeholders: [person(50), person(25)] })).toEqual([
      { path: 'stakeholders', message: 'kyc.warning.sharesBelow100' },
    ]);
    expect(kycStepWarnings('company-stakeholders', { stakeholders: [person(50), person(50)] })).toEqual([]);
    const over = KYC_STEP_SCHEMAS['company-stakeholders'].safeParse({ stakeholders: [person(80), person(30)] });
    expect(over.error?.issues.some((issue) => issue.message === 'kyc.validation.sharesOver100')).toBe(true);
  });

  it('has the eleven sanctions items of spec 3 and needs an explanation for a yes', () => {
    const sanctions = KYC_SURVEY_QUESTIONS.filter((question) => question.group === 'SanctionExposure' && question.kind === 'radio');
    expect(sanctions).toHaveLength(11);
    const responses = Object.fromEntries(
      KYC_SURVEY_QUESTIONS.filter((question) => question.group === 'SanctionExposure').map((question) => [question.id, [question.options[0]!.value]]),
    );
    expect(KYC_STEP_SCHEMAS['sanctions-exposure'].safeParse({ responses }).success).toBe(true);
    const yes = { ...responses, 'se-belarus-government': ['yes'] };
    const result = KYC_STEP_SCHEMAS['sanctions-exposure'].safeParse({ responses: yes, explanation: 'short' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['explanation', 'kyc.validation.explanationRequired']]);
    expect(KYC_STEP_SCHEMAS['sanctions-exposure'].safeParse({ responses: yes, explanation: 'We supplied hotel linen to a ministry in 2019.' }).success).toBe(
      true,
    );
  });

  it('collapses Active, Approved, ContractPending and ContractSigned to Approved for display', () => {
    expect(ONBOARDING_STATUSES.map((status) => kycDisplayStatus(status))).toEqual([
      'Created',
      'Pending',
      'InReview',
      'SentForResubmission',
      'Approved',
      'Rejected',
      'Deleted',
      'Expired',
      'Approved',
      'Approved',
      'Approved',
    ]);
  });
});
