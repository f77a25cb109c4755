import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, totpAt, type TotpAlgorithm } from '../../server/auth/totp';

// RFC 6238 Appendix B: the seeds are the ASCII strings below (20, 32 and 64 bytes), 8 digits, 30 s steps.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238) with node:crypto', () => {
  for (const [time, sha1, sha256, sha512] of VECTORS) {
    it(`matches the RFC's vectors at T=${time}`, () => {
      expect(totpAt(SEEDS.sha1, time, { digits: 8, algorithm: 'sha1' })).toBe(sha1);
      expect(totpAt(SEEDS.sha256, time, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
      expect(totpAt(SEEDS.sha512, time, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
    });
  }

  it("matches RFC 4226's HOTP vectors (6 digits, counters 0-9)", () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SEEDS.sha1, counter))).toEqual(expected);
  });

  it('accepts one step of clock drift either side, nothing further', () => {
    const now = 1_700_000_000;
    const step = Math.floor(now / 30);
    expect(matchingStep(SEEDS.sha1, totpAt(SEEDS.sha1, now), now)).toBe(step);
    expect(matchingStep(SEEDS.sha1, totpAt(SEEDS.sha1, now - 30), now)).toBe(step - 1);
    expect(matchingStep(SEEDS.sha1, totpAt(SEEDS.sha1, now + 30), now)).toBe(step + 1);
    expect(matchingStep(SEEDS.sha1, totpAt(SEEDS.sha1, now - 90), now)).toBeUndefined();
    expect(matchingStep(SEEDS.sha1, '12345', now)).toBeUndefined();
  });

  it('round-trips base32 (the RFC 4648 test vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEEDS.sha512)).equals(SEEDS.sha512)).toBe(true);
  });
});
