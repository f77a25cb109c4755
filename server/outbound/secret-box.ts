import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { StartRefused } from '../startup-checks';

// Stored secrets of the integrations (SMTP passwords, webhook signing secrets) are encrypted with
// AES-256-GCM (decision 0280). The key comes from FOLIO_SETTINGS_KEY; demo and development derive a
// stable one from the token secret of the data directory, so a restart can still read them.
// Production without the key refuses to start: a derived key would tie the secrets to another secret's rotation.

const VERSION = 'v1';
const IV_BYTES = 12;

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** FOLIO_SETTINGS_KEY as 32 bytes: 64 hex digits or base64(url) of 32 bytes. */
function keyFromSetting(setting: string): Buffer {
  const trimmed = setting.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64url');
  if (key.length !== 32)
    throw new StartRefused('Refusing to start: FOLIO_SETTINGS_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -hex 32`).');
  return key;
}

export function settingsKeyOf(config: Pick<Config, 'settingsKey' | 'production' | 'demo'>, tokenKey: Uint8Array): Buffer {
  if (config.settingsKey) return keyFromSetting(config.settingsKey);
  if (config.production && !config.demo)
    throw new StartRefused(
      'Refusing to start: FOLIO_SETTINGS_KEY must be set in production. SMTP passwords and webhook signing secrets are stored encrypted with it ' +
        '(AES-256-GCM); generate one with `openssl rand -hex 32` and keep it with your other secrets: without it they cannot be read back.',
    );
  return Buffer.from(hkdfSync('sha256', tokenKey, Buffer.alloc(0), 'folio settings encryption v1', 32));
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const boxes = new WeakMap<Uint8Array, SecretBox>();

/** The server's box, built once per token key (every request's context shares it). */
export function secretBoxOf(ctx: { config: Pick<Config, 'settingsKey' | 'production' | 'demo'>; tokenKey: Uint8Array }): SecretBox {
  let box = boxes.get(ctx.tokenKey);
  if (!box) {
    box = secretBox(settingsKeyOf(ctx.config, ctx.tokenKey));
    boxes.set(ctx.tokenKey, box);
  }
  return box;
}
