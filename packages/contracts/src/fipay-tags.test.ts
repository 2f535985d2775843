import { describe, expect, it } from 'vitest';
import { displayTag, normaliseTag, recipientLookupQuery, reservedTags, setTagRequest, tagMessages, tagProblem, TAG_PATTERN } from './fipay-tags';

describe('FiPay tags', () => {
  it('are typed in any case, with or without @, and kept lowercase without it', () => {
    expect(normaliseTag('  @Acme_Ltd ')).toBe('acme_ltd');
    expect(setTagRequest.parse({ tag: '@ACME9' })).toEqual({ tag: 'acme9' });
    expect(displayTag('acme9')).toBe('@acme9');
  });

  it('name the first rule a tag breaks', () => {
    expect(tagProblem('')).toBe(tagMessages.required);
    expect(tagProblem('@')).toBe(tagMessages.required);
    expect(tagProblem('ab')).toBe(tagMessages.tooShort);
    expect(tagProblem('a'.repeat(21))).toBe(tagMessages.tooLong);
    expect(tagProblem('9lives')).toBe(tagMessages.startsWithLetter);
    expect(tagProblem('acme.ng')).toBe(tagMessages.characters);
    expect(tagProblem('Security')).toBe(tagMessages.reserved);
    expect(tagProblem('abc')).toBeNull();
    expect(tagProblem('a'.repeat(20))).toBeNull();
  });

  it('reserve only words that would pass the other rules', () => {
    for (const word of reservedTags) expect(TAG_PATTERN.test(word), word).toBe(true);
    for (const word of ['admin', 'support', 'fipay', 'paystack', 'help', 'security', 'root', 'system', 'api', 'dashboard', 'login', 'signup']) {
      expect(reservedTags.has(word), word).toBe(true);
    }
  });

  it('look a recipient up by exactly one of tag and email', () => {
    expect(recipientLookupQuery.parse({ tag: '@Acme' })).toEqual({ tag: 'acme' });
    expect(recipientLookupQuery.parse({ email: 'Ops@Acme.NG' })).toEqual({ email: 'ops@acme.ng' });
    expect(recipientLookupQuery.safeParse({}).success).toBe(false);
    expect(recipientLookupQuery.safeParse({ tag: 'acme', email: 'ops@acme.ng' }).success).toBe(false);
  });
});
