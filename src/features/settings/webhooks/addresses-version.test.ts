import { describe, expect, it } from 'vitest';
import { NEVER_SAVED } from '../../../../contract/versions';
import type { WebhookSettings, WebhookSettingsAnswer } from '../../../../contract/webhooks';
import { addressesVersion } from './addresses-version';

const settings = (url: string, updatedAt: string, secretHint = '…abcd'): WebhookSettings => ({
  url,
  payLaterUrl: null,
  secretHint,
  secretCreatedAt: '2026-01-01T00:00:00.000Z',
  previousSecretHint: null,
  previousSecretValidUntil: null,
  updatedAt,
});
const answer = (own: WebhookSettings | null): WebhookSettingsAnswer => ({ settings: own, inherited: null });

describe('the version a webhook address save names (decision 0354)', () => {
  const opened = answer(settings('https://hooks.example/a', '2026-01-01T10:00:00.000Z'));

  it('is the version the form was built from while nothing newer came', () => {
    expect(addressesVersion(opened, opened)).toBe('2026-01-01T10:00:00.000Z');
    expect(addressesVersion(opened, undefined)).toBe('2026-01-01T10:00:00.000Z');
  });

  it('follows a rotated secret, which changes no address', () => {
    const rotated = answer(settings('https://hooks.example/a', '2026-01-01T11:00:00.000Z', '…wxyz'));
    expect(addressesVersion(opened, rotated)).toBe('2026-01-01T11:00:00.000Z');
  });

  it('stays with the held answer when someone else saved other addresses, so the save is refused', () => {
    const theirs = answer(settings('https://hooks.example/b', '2026-01-01T12:00:00.000Z'));
    expect(addressesVersion(opened, theirs)).toBe('2026-01-01T10:00:00.000Z');
  });

  it('is "never saved" for a scope without settings of its own', () => {
    expect(addressesVersion(answer(null), answer(null))).toBe(NEVER_SAVED);
  });
});
