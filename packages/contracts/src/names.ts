import type { NameMatchResult } from './back-office';

const folded = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/** The same name as people write it: case and spacing aside. */
export const sameName = (a: string, b: string) => folded(a) === folded(b);

// Words that say what kind of entity a name is, not which one: bank records and
// CAC registrations often differ only in these ("OKAFOR LOGISTICS LTD" vs "Okafor Logistics Limited").
const LEGAL_FORM_WORDS = new Set(['LIMITED', 'LTD', 'PLC', 'INC', 'LLC', 'LLP', 'CO', 'COMPANY', 'NIGERIA', 'NIG', 'NG', 'THE']);

/** Upper case, '&' as AND, punctuation dropped, legal-form words removed. */
export function normaliseBusinessName(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replaceAll('&', ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '' && !LEGAL_FORM_WORDS.has(word));
}

/**
 * Compares the name the bank holds for the settlement account with the
 * company's name: 'exact' when they are the same words, 'partial' when every
 * word of the shorter appears in the longer or at least half the words are
 * shared, else 'mismatch'. An indication, not a decision: the reviewer sees it on the case and
 * the company under the bank step's account name, so both read the same comparison.
 */
export function matchBusinessNames(companyName: string, accountName: string): { result: NameMatchResult; companyName: string; accountName: string } {
  const a = normaliseBusinessName(companyName);
  const b = normaliseBusinessName(accountName);
  const shown = { companyName: a.join(' '), accountName: b.join(' ') };
  if (a.length === 0 || b.length === 0) return { result: 'mismatch', ...shown };
  if (shown.companyName === shown.accountName) return { result: 'exact', ...shown };
  const setA = new Set(a);
  const setB = new Set(b);
  const shared = [...setA].filter((word) => setB.has(word)).length;
  const smaller = Math.min(setA.size, setB.size);
  const union = new Set([...setA, ...setB]).size;
  if (shared === smaller || shared / union >= 0.5) return { result: 'partial', ...shown };
  return { result: 'mismatch', ...shown };
}
