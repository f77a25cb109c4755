import { describe, expect, it } from 'vitest';
import { inheritedVersionOf, NEVER_SAVED } from '../../../../contract/versions';
import type { WebhookSettings, WebhookSettingsAnswer } from '../../../../contract/webhooks';
import { addressesVersion } from './addresses-version';

const settings = (url: string, addressesUpdatedAt: string, updatedAt = addressesUpdatedAt): WebhookSettings => ({
  url,
  payLaterUrl: null,
  secretHint: '…abcd',
  secretCreatedAt: '2026-01-01T00:00:00.000Z',
  previousSecretHint: null,
  previousSecretValidUntil: null,
  updatedAt,
  addressesUpdatedAt,
});

describe('the version a webhook address save names (decisions 0354, 0683)', () => {
  it('is the version of the scope’s own addresses, which a rotated secret leaves', () => {
    const rotated = settings('https://hooks.example/a', '2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z');
    expect(addressesVersion({ settings: rotated, inherited: null })).toBe('2026-01-01T10:00:00.000Z');
  });

  it('is the group’s, marked inherited, for a property showing its group’s addresses', () => {
    const group = settings('https://hooks.example/group', '2026-01-01T09:00:00.000Z');
    expect(addressesVersion({ settings: null, inherited: group })).toBe(inheritedVersionOf('2026-01-01T09:00:00.000Z'));
    const own = settings('https://hooks.example/own', '2026-01-01T12:00:00.000Z');
    expect(addressesVersion({ settings: own, inherited: group })).toBe('2026-01-01T12:00:00.000Z');
  });

  it('is "never saved" for a scope without addresses of its own or its group’s', () => {
    const none: WebhookSettingsAnswer = { settings: null, inherited: null };
    expect(addressesVersion(none)).toBe(NEVER_SAVED);
  });
});
