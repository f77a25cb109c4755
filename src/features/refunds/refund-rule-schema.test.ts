import { describe, expect, it } from 'vitest';
import forms from '../../i18n/en/forms.json';
import { refundRuleSchema, type RuleValues } from './refund-rule-schema';

// The refund rule form says what to change, in words, and every problem at once (issue 34); it no
// longer greys Save out behind "Two approvals above ≥ Auto-approve up to".

const t = (key: string, words: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], forms) ?? key;
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(words[name]));
};
const RULE: RuleValues = {
  merchantId: '',
  currency: 'EUR',
  autoApproveUpToMinor: 100_00,
  twoApprovalsAboveMinor: 500_00,
  dailyAutoApproveCapMinor: 1000_00,
  approverRoles: ['MerchantAdmin'],
};
const said = (values: RuleValues) => {
  const checked = refundRuleSchema(t).safeParse(values);
  return checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the refund rule form', () => {
  it('accepts a rule whose thresholds climb from the auto-approval limit', () => {
    expect(said(RULE)).toEqual({});
    expect(said({ ...RULE, twoApprovalsAboveMinor: null, dailyAutoApproveCapMinor: null })).toEqual({});
  });

  it('says every problem at once, each at its field, in words without symbols', () => {
    const problems = said({ ...RULE, currency: 'eu', twoApprovalsAboveMinor: 50_00, dailyAutoApproveCapMinor: 20_00, approverRoles: [] });
    expect(problems).toEqual({
      currency: 'Enter the three-letter ISO 4217 code of a currency, for example EUR.',
      approverRoles: 'Choose at least one role that may approve refunds.',
      twoApprovalsAboveMinor: 'Make this at least the auto-approval limit, €100.00, or lower that limit: a refund cannot need two approvals and none at once.',
      dailyAutoApproveCapMinor: 'Make the daily cap at least the auto-approval limit, €100.00, or lower that limit: one refund alone would pass the cap.',
    });
    for (const message of Object.values(problems)) expect(message).not.toMatch(/[≥<>=]/);
  });

  it('takes a currency in circulation only, as the server does: three capitals that name none are refused before saving', () => {
    for (const currency of ['ABC', 'XXX'])
      expect(said({ ...RULE, currency })).toEqual({ currency: 'Enter the three-letter ISO 4217 code of a currency, for example EUR.' });
    expect(said({ ...RULE, currency: 'KWD' })).toEqual({});
  });

  it('says the auto-approval limit is missing', () => {
    expect(said({ ...RULE, autoApproveUpToMinor: null })).toEqual({
      autoApproveUpToMinor: 'Enter the amount up to which refunds are approved at once (0 approves none at once).',
    });
  });
});
