import { z } from 'zod';
import { isCurrencyCode } from '../../../contract/currency';
import { RoleNameSchema, type RoleName } from '../../../contract/roles';
import { formatMoney } from '../../lib/format';

// What the refund rule form checks before it saves, each problem said in words at its field and all
// at once (issue 34: "Two approvals above >= Auto-approve up to" read like a formula, and Save was
// greyed out without a word). The server checks the same thresholds again (contract/refunds.ts).

type Translate = (key: string, words?: Record<string, unknown>) => string;

export interface RuleValues {
  merchantGroupId?: string | undefined;
  merchantId: string;
  currency: string;
  autoApproveUpToMinor: number | null;
  twoApprovalsAboveMinor: number | null;
  dailyAutoApproveCapMinor: number | null;
  approverRoles: RoleName[];
}

export function refundRuleSchema(t: Translate) {
  return z
    .object({
      merchantGroupId: z.string().optional(),
      merchantId: z.string(),
      currency: z
        .string()
        .trim()
        .refine(isCurrencyCode, { message: t('forms.refundRule.currency') }),
      autoApproveUpToMinor: z.number().nullable(),
      twoApprovalsAboveMinor: z.number().nullable(),
      dailyAutoApproveCapMinor: z.number().nullable(),
      approverRoles: z.array(RoleNameSchema).min(1, { message: t('forms.refundRule.noApprover') }),
    })
    .superRefine((rule, check) => {
      const limit = rule.autoApproveUpToMinor;
      if (limit === null) return check.addIssue({ code: 'custom', path: ['autoApproveUpToMinor'], message: t('forms.refundRule.limitMissing') });
      const currency = isCurrencyCode(rule.currency) ? rule.currency : 'EUR';
      const words = { amount: formatMoney(limit, currency) };
      if (rule.twoApprovalsAboveMinor !== null && rule.twoApprovalsAboveMinor < limit)
        check.addIssue({ code: 'custom', path: ['twoApprovalsAboveMinor'], message: t('forms.refundRule.twoBelowLimit', words) });
      if (rule.dailyAutoApproveCapMinor !== null && rule.dailyAutoApproveCapMinor < limit)
        check.addIssue({ code: 'custom', path: ['dailyAutoApproveCapMinor'], message: t('forms.refundRule.capBelowLimit', words) });
    });
}
