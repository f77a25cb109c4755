import { describe, expect, it } from 'vitest';
import { PasswordSchema } from '../../../contract/auth';
import { passwordChecklist } from './password-policy';

const summary = (password: string) => passwordChecklist(password).map((rule) => `${rule.key}${rule.count ? `:${rule.count}` : ''}=${rule.met}`);

describe('password checklist read from the contract policy', () => {
  it('lists every rule, none met, for an empty password', () => {
    expect(summary('')).toEqual(['minLength:12=false', 'lower=false', 'upper=false', 'digit=false']);
  });

  it('ticks rules one by one as the password grows', () => {
    expect(summary('short')).toEqual(['minLength:12=false', 'lower=true', 'upper=false', 'digit=false']);
    expect(summary('Harbour-view')).toEqual(['minLength:12=true', 'lower=true', 'upper=true', 'digit=false']);
  });

  it('is all met exactly when the contract accepts the password', () => {
    for (const password of ['Harbour-view-2027', 'harbour-view-2027', 'Sh0rt', 'A1'.repeat(70)]) {
      expect(
        passwordChecklist(password).every((rule) => rule.met),
        password,
      ).toBe(PasswordSchema.safeParse(password).success);
    }
  });

  it('adds the maximum only once it is exceeded', () => {
    expect(summary(`Aa1${'x'.repeat(130)}`)).toContain('maxLength:128=false');
  });
});
