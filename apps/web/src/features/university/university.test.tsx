import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kybSteps } from '@fipay/contracts/kyb-options';
import { matchPath, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownArticle } from '../../components/markdown-article';
import { paths } from '../../config/paths';
import { GuidePage } from './guide-page';
import { guides } from './guides';
import { searchGuides } from './search';
import { UniversityPage } from './university-page';

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderUniversity(path: string, base: string = paths.university) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={base} element={<UniversityPage base={base} />} />
        <Route path={`${base}/:slug`} element={<GuidePage base={base} />} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
  return user;
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

describe('University', () => {
  it('lists every guide, each at its own address', () => {
    renderUniversity('/dashboard/university');
    expect(screen.getByRole('heading', { level: 1, name: 'University' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Guides' });
    const titles = within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Taking payments',
      'Going live',
      'How escrow and disputes work',
      'Staying safe from P2P fraud',
      'Limits and tiers',
      'Sending and receiving',
    ]);
    expect(within(list).getByRole('link', { name: /Limits and tiers/ })).toHaveAttribute('href', '/dashboard/university/limits-and-tiers');
  });

  it('renders a guide from its Markdown, and its links move within the app', async () => {
    const user = renderUniversity('/dashboard/university/escrow-and-disputes');
    expect(screen.getByRole('heading', { level: 1, name: 'How escrow and disputes work' })).toBeInTheDocument();
    for (const heading of ['Opening a trade', 'Paying by FiPay balance: instant', 'The release window and disputes', 'Fees']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    const article = screen.getByRole('article');
    expect(within(article).getByText(/15 to 120 minutes \(30 by default\)/)).toBeInTheDocument();
    expect(within(article).getByText('I have paid').tagName).toBe('STRONG');
    expect(within(article).getAllByRole('listitem').length).toBeGreaterThan(3);

    // A link to another guide is relative, so it stays in the University it is read in.
    const link = within(article).getByRole('link', { name: 'Limits and tiers' });
    expect(link).toHaveAttribute('href', 'limits-and-tiers');
    await user.click(link);
    expect(screen.getByRole('heading', { level: 1, name: 'Limits and tiers' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard/university/limits-and-tiers');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: '100000 USD' })).toHaveLength(2);
  });

  it('reads the same guides at /learn for signed-out visitors, linking within /learn', async () => {
    const user = renderUniversity('/learn/going-live', paths.learn);
    expect(screen.getByRole('heading', { level: 1, name: 'Going live' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('article')).getByRole('link', { name: 'raised limits' }));
    expect(location()).toBe('/learn/limits-and-tiers');
    await user.click(screen.getByRole('link', { name: 'University' }));
    expect(location()).toBe('/learn');
    expect(screen.getByRole('link', { name: 'Create a business account' })).toHaveAttribute('href', '/signup');
  });

  it('says so for an unknown guide and leads back to the list', async () => {
    const user = renderUniversity('/dashboard/university/how-to-get-rich');
    expect(screen.getByRole('heading', { level: 1, name: 'Guide not found' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All guides' }));
    expect(screen.getByRole('heading', { level: 1, name: 'University' })).toBeInTheDocument();
  });

  it('searches titles and text, marks the words found, and keeps the search in the address', async () => {
    const user = renderUniversity('/dashboard/university');
    await user.type(screen.getByRole('searchbox', { name: 'Search the guides' }), 'third-party');
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(within(results).getByText('1 guide matches “third-party”.')).toBeInTheDocument();
    const link = within(results).getByRole('link');
    expect(link).toHaveAttribute('href', '/dashboard/university/staying-safe-p2p');
    expect(within(link).getAllByText(/third-party/i, { selector: 'mark' }).length).toBeGreaterThan(0);
    expect(location()).toBe('/dashboard/university?q=third-party');

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'cryptokitties');
    expect(within(screen.getByRole('region', { name: 'Search results' })).getByText('No guides match “cryptokitties”. Try another word.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Guides' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox'));
    expect(screen.getByRole('list', { name: 'Guides' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard/university');
  });

  it('opens with the search of its address', () => {
    renderUniversity('/dashboard/university?q=escrow%20transfer');
    expect(screen.getByRole('searchbox')).toHaveValue('escrow transfer');
    // Every word must be found: only guides that speak of both.
    const found = within(screen.getByRole('region', { name: 'Search results' })).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(found.length).toBeGreaterThan(0);
    for (const href of found) {
      const guide = guides.find((g) => href?.endsWith(g.slug))!;
      expect(guide.text.toLowerCase()).toContain('escrow');
      expect(guide.text.toLowerCase()).toContain('transfer');
    }
  });

  it('ranks a guide whose title holds the word above those that only mention it', () => {
    const [first, ...rest] = searchGuides(guides, 'limits');
    expect(first?.guide.slug).toBe('limits-and-tiers');
    expect(rest.length).toBeGreaterThan(0);
    expect(searchGuides(guides, '   ')).toEqual([]);
    // The snippet starts at the match's sentence; a heading ends as a sentence rather than running into the text.
    const [chargebacks] = searchGuides(guides, 'chargebacks');
    expect(chargebacks?.snippet).toMatch(/^…Chargebacks and bank recalls\. A bank transfer can sometimes be recalled/);
  });

  it("links only to the app's own routes and to guides that exist", () => {
    const routes = [...Object.values(paths), ...kybSteps.map((step) => step.path)];
    for (const guide of guides) {
      for (const [, href] of guide.markdown.matchAll(/\]\(([^)]+)\)/g)) {
        if (href!.startsWith('/')) {
          const path = href!.split(/[?#]/)[0]!;
          expect(routes.some((route) => matchPath(route, path)), `${guide.slug} links to ${href}`).toBe(true);
        } else {
          expect(guides.map((g) => g.slug), `${guide.slug} links to ${href}`).toContain(href);
        }
      }
    }
  });
});

describe('Markdown from the repository', () => {
  afterEach(() => {
    delete (window as { pwned?: boolean }).pwned;
  });

  it('keeps no script, event handler, frame or script address, whatever the Markdown holds', async () => {
    const markdown = [
      '# Title',
      '<script>window.pwned = true</script>',
      '<img src="x" alt="pic" onerror="window.pwned = true">',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="pin"></form>',
      '[click me](javascript:window.pwned=true)',
      '<a href="https://example.com" onclick="window.pwned = true">elsewhere</a>',
      '<svg><script>window.pwned = true</script></svg>',
    ].join('\n\n');
    const user = userEvent.setup();
    const { container } = render(
      <MemoryRouter>
        <MarkdownArticle markdown={markdown} />
      </MemoryRouter>,
    );
    expect(container.querySelector('script, iframe, form, input')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(screen.getByRole('img', { name: 'pic' })).toBeInTheDocument();
    const click = screen.getByText('click me');
    expect(click.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    await user.click(click);
    const elsewhere = screen.getByRole('link', { name: 'elsewhere' });
    expect(elsewhere).toHaveAttribute('target', '_blank');
    expect(elsewhere).toHaveAttribute('rel', 'noopener noreferrer');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });
});
