import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Markdown to HTML that is safe to place in the page (docs/decisions/0088-university-and-community.md): marked
 * writes the HTML, DOMPurify removes scripts, event handlers and script addresses from it, whatever the Markdown
 * holds. Only the University, Community and back-office announcement chunks import this file, so the renderer never weighs on other pages.
 */
const marked = new Marked({ gfm: true, async: false });

let hooked = false;
function purifier() {
  if (!hooked) {
    // A link to another site opens in a new tab and gets nothing of this page (no opener, no referrer).
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return purifier().sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'] });
}
