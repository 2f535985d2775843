/** Plain-text readings of Markdown, without the renderer: the University's list and search need only these. */

/** Markdown reduced to its words, for search and summaries: no marks, links as their text. */
export function markdownToText(markdown: string): string {
  return markdown
    // A heading ends like a sentence, so it does not run into the paragraph after it.
    .replace(/^#{1,6}\s+(.+?)[.:!?]?\s*$/gm, '$1.')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*\|?\s*-{3,}.*$/gm, '')
    .replace(/[|*_`>]/g, ' ')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first level-one heading of a Markdown text. */
export function markdownTitle(markdown: string): string {
  return markdown.match(/^#\s+(.+)$/m)?.[1]?.trim() ?? '';
}
