import type { Guide } from './guides';

export type GuideMatch = {
  guide: Guide;
  /** A stretch of the guide's words around the first match, cut at word boundaries. */
  snippet: string;
};

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;

/** The words of a query, lower-cased; quotes and punctuation around them do not count. */
export function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .map((term) => term.replace(/^[^\p{L}\p{N}₦$£€@]+|[^\p{L}\p{N}%]+$/gu, ''))
    .filter(Boolean);
}

function count(haystack: string, term: string) {
  let n = 0;
  for (let at = haystack.indexOf(term); at !== -1; at = haystack.indexOf(term, at + term.length)) n++;
  return n;
}

function snippetAround(text: string, at: number) {
  // From the start of the match's sentence when it is near, else from a word boundary a little before the match.
  const sentence = text.lastIndexOf('. ', at);
  const fromSentence = sentence !== -1 && at - sentence <= SNIPPET_BEFORE * 2;
  let start = fromSentence ? sentence + 2 : Math.max(0, at - SNIPPET_BEFORE);
  if (start > 0 && !fromSentence) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The guides holding every word of the query (in the title, summary or text), best first: a word in the title counts
 * most, then in the summary, then each time in the text. An empty query matches nothing.
 */
export function searchGuides(guides: readonly Guide[], query: string): GuideMatch[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored: { match: GuideMatch; score: number; order: number }[] = [];
  guides.forEach((guide, order) => {
    const title = guide.title.toLowerCase();
    const summary = guide.summary.toLowerCase();
    const text = guide.text.toLowerCase();
    let score = 0;
    for (const term of terms) {
      const inTitle = count(title, term);
      const inSummary = count(summary, term);
      const inText = count(text, term);
      if (inTitle + inSummary + inText === 0) return;
      score += inTitle * 20 + inSummary * 5 + inText;
    }
    const first = Math.min(...terms.map((term) => text.indexOf(term)).filter((at) => at !== -1));
    const snippet = Number.isFinite(first) ? snippetAround(guide.text, first) : guide.summary;
    scored.push({ match: { guide, snippet }, score, order });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((entry) => entry.match);
}
