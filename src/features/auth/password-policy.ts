import type { z } from 'zod';
import { PasswordSchema } from '../../../contract/auth';

// The checklist is read from the contract's PasswordSchema (docs/decisions/0003-password-policy.md),
// so the screen cannot drift from what the server enforces: each issue the schema reports becomes
// a rule; a rule the screen has no label for falls back to the schema's own message.

export interface PolicyRule {
  /** i18n key under auth.createPassword.rules, or the schema's message when unknown. */
  key: string;
  count?: number;
  fallback: string;
}

const PATTERN_KEYS: Record<string, string> = { '/[a-z]/': 'lower', '/[A-Z]/': 'upper', '/[0-9]/': 'digit' };

function ruleOf(issue: z.core.$ZodIssue): PolicyRule {
  if (issue.code === 'too_small') return { key: 'minLength', count: Number(issue.minimum), fallback: issue.message };
  if (issue.code === 'too_big') return { key: 'maxLength', count: Number(issue.maximum), fallback: issue.message };
  if (issue.code === 'invalid_format' && 'pattern' in issue) {
    const key = PATTERN_KEYS[String(issue.pattern)];
    if (key) return { key, fallback: issue.message };
  }
  return { key: issue.message, fallback: issue.message };
}

function rulesBrokenBy(password: string): PolicyRule[] {
  const result = PasswordSchema.safeParse(password);
  return result.success ? [] : result.error.issues.map(ruleOf);
}

/** Every rule of the policy (what an empty password breaks), plus the maximum once it is exceeded. */
export function passwordChecklist(password: string): Array<PolicyRule & { met: boolean }> {
  const broken = rulesBrokenBy(password);
  const brokenKeys = new Set(broken.map((rule) => rule.key));
  const all = rulesBrokenBy('');
  const extra = broken.filter((rule) => !all.some((known) => known.key === rule.key));
  return [...all, ...extra].map((rule) => ({ ...rule, met: !brokenKeys.has(rule.key) }));
}
