import { markdownTitle } from '../../lib/markdown-text';

/**
 * The operator's announcements (docs/decisions/0088-university-and-community.md): one Markdown file each in
 * ./announcements, named `YYYY-MM-DD-slug.md` for the day it was published. Adding one is a commit and a release.
 */
export type Announcement = { id: string; date: string; title: string; markdown: string };

const files = import.meta.glob<string>('./announcements/*.md', { query: '?raw', import: 'default', eager: true });

export function announcementsFrom(entries: Record<string, string>): Announcement[] {
  return Object.entries(entries)
    .flatMap(([path, markdown]) => {
      const match = path.match(/(\d{4}-\d{2}-\d{2})-([a-z0-9-]+)\.md$/);
      if (!match) return [];
      return [{ id: `${match[1]}-${match[2]}`, date: match[1]!, title: markdownTitle(markdown), markdown: markdown.replace(/^#\s+.+$/m, '').trim() }];
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

/** Newest first. */
export const announcements: readonly Announcement[] = announcementsFrom(files);
