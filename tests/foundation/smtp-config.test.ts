import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';

// nodemailer is loaded with the first e-mail (decision 0590), so the address is checked by the
// configuration: a mistyped SMTP_URL stops the start with a sentence, instead of failing every e-mail.
describe('the SMTP_URL setting', () => {
  it('is off when unset or empty: e-mails are stored, not sent', () => {
    expect(configFromEnv({ NODE_ENV: 'test' }).smtpUrl).toBeUndefined();
    expect(configFromEnv({ NODE_ENV: 'test', SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('keeps an smtp:// or smtps:// address as given', () => {
    expect(configFromEnv({ NODE_ENV: 'test', SMTP_URL: 'smtp://user:pw@mail.example.com:587' }).smtpUrl).toBe('smtp://user:pw@mail.example.com:587');
    expect(configFromEnv({ NODE_ENV: 'test', SMTP_URL: 'smtps://mail.example.com' }).smtpUrl).toBe('smtps://mail.example.com');
  });

  it('refuses at start an address that is not one, or not SMTP, without echoing its password', () => {
    expect(() => configFromEnv({ NODE_ENV: 'test', SMTP_URL: 'mail.example.com:587' })).toThrow(/SMTP_URL must/);
    expect(() => configFromEnv({ NODE_ENV: 'test', SMTP_URL: 'https://user:secret@mail.example.com' })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => configFromEnv({ NODE_ENV: 'test', SMTP_URL: 'not an address:secret' })).not.toThrow(/secret/);
  });
});
