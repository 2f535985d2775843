import { useMemo, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { markdownToSafeHtml } from '../lib/markdown';

const proseClasses = [
  'space-y-4 text-slate-700',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-slate-900 sm:[&_h1]:text-3xl',
  '[&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5 [&_li]:marker:text-slate-400',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_code]:break-all',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600',
  '[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-slate-200 [&_th]:px-2 sm:[&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-b [&_td]:border-slate-100 [&_td]:px-2 sm:[&_td]:px-3 [&_td]:py-2 [&_td]:whitespace-nowrap [&_td:first-child]:whitespace-normal',
].join(' ');

/**
 * Markdown (the repository's guides, the operator's announcements), sanitised, in the app's type. A link to a page of this app moves within it, the way
 * a `<Link>` does, rather than reloading the whole application.
 */
export function MarkdownArticle({ markdown, size = 'base' }: { markdown: string; size?: 'base' | 'small' }) {
  const html = useMemo(() => markdownToSafeHtml(markdown), [markdown]);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank' || href.startsWith('#')) return;
    const origin = window.location.origin;
    const url = new URL(href, origin + pathname);
    if (url.origin !== origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  }

  return (
    // The click handler only routes clicks on the links inside, which keep their own keyboard behaviour.
    <div className={`${proseClasses} ${size === 'base' ? 'text-base leading-7' : 'text-sm leading-6 sm:text-base sm:leading-7'}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
