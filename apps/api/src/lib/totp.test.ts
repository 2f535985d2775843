import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotpStep, otpauthUrl, totp } from './totp';

// RFC 6238 appendix B: 8-digit codes for the three HMAC algorithms.
const seed = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
};
const rfc6238: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(rfc6238)('at %i s matches the RFC vectors', (time, sha1, sha256, sha512) => {
    expect(totp(seed.sha1, time, 8, 'sha1')).toBe(sha1);
    expect(totp(seed.sha256, time, 8, 'sha256')).toBe(sha256);
    expect(totp(seed.sha512, time, 8, 'sha512')).toBe(sha512);
  });

  it('matches the RFC 4226 HOTP vectors for 6 digits', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(seed.sha1, counter)).toBe(code));
  });

  it('accepts one step of drift either way and nothing further', () => {
    const key = base32Decode(generateTotpSecret());
    const now = 1_800_000_000;
    const step = Math.floor(now / 30);
    expect(matchTotpStep(key, totp(key, now), now)).toBe(step);
    expect(matchTotpStep(key, totp(key, now - 30), now)).toBe(step - 1);
    expect(matchTotpStep(key, totp(key, now + 30), now)).toBe(step + 1);
    expect(matchTotpStep(key, totp(key, now - 60), now)).toBeNull();
    expect(matchTotpStep(key, totp(key, now + 60), now)).toBeNull();
    expect(matchTotpStep(key, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32 and builds an otpauth URI authenticators read', () => {
    const bytes = Buffer.from('hello authenticator');
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    const url = new URL(otpauthUrl({ secret: 'JBSWY3DPEHPK3PXP', account: 'ada@acme.ng', issuer: 'FiPay' }));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/FiPay:ada@acme.ng');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });

  it('agrees with a standard authenticator (oathtool)', () => {
    const secret = generateTotpSecret();
    const now = Math.floor(Date.now() / 1000);
    const fromOathtool = execFileSync('oathtool', ['--totp', '-b', secret, '--now', new Date(now * 1000).toISOString().replace('T', ' ').slice(0, 19) + ' UTC'])
      .toString()
      .trim();
    expect(fromOathtool).toBe(totp(base32Decode(secret), now));
  });
});
