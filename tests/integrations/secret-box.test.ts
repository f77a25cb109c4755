import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { secretBox, settingsKeyOf } from '../../server/outbound/secret-box';
import { StartRefused } from '../../server/startup-checks';

// Decision 0280: stored SMTP passwords and webhook secrets are AES-256-GCM sealed with a key from
// FOLIO_SETTINGS_KEY; demo and development derive a stable one; production refuses to start without it.
const tokenKey = new Uint8Array(randomBytes(32));

describe('the settings secret box', () => {
  test('seals with a fresh nonce each time, opens what it sealed, and refuses a tampered or foreign box', () => {
    const box = secretBox(settingsKeyOf({ settingsKey: randomBytes(32).toString('hex'), production: true, demo: false }, tokenKey));
    const first = box.seal('Sm7p-pa55-word!');
    const second = box.seal('Sm7p-pa55-word!');
    expect(first).not.toBe(second);
    expect(first).not.toContain('Sm7p');
    expect(box.open(first)).toBe('Sm7p-pa55-word!');
    const [version, iv, tag, body] = first.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    const other = secretBox(settingsKeyOf({ settingsKey: randomBytes(32).toString('base64url'), production: true, demo: false }, tokenKey));
    expect(() => other.open(first)).toThrow();
  });

  test('demo and development derive the same key from the same token secret, so a restart still opens old secrets', () => {
    const sealed = secretBox(settingsKeyOf({ settingsKey: undefined, production: false, demo: true }, tokenKey)).seal('whsec_x');
    expect(secretBox(settingsKeyOf({ settingsKey: undefined, production: true, demo: true }, tokenKey)).open(sealed)).toBe('whsec_x');
  });

  test('production without FOLIO_SETTINGS_KEY, or with a key of the wrong size, refuses to start and says why', () => {
    expect(() => settingsKeyOf({ settingsKey: undefined, production: true, demo: false }, tokenKey)).toThrow(StartRefused);
    expect(() => settingsKeyOf({ settingsKey: undefined, production: true, demo: false }, tokenKey)).toThrow(/FOLIO_SETTINGS_KEY must be set in production/);
    expect(() => settingsKeyOf({ settingsKey: 'abc123', production: true, demo: false }, tokenKey)).toThrow(/must be 32 bytes/);
  });
});
