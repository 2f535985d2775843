import { screen, within } from '@testing-library/react';
import type { Announcement } from '@fipay/contracts/announcements';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { renderPage, signedInTestMode } from '../../test/page-setup';
import { stubCalls, stubServer } from '../../test/stub-server';
import { CommunityPage } from './community-page';

signedInTestMode();

const configured = { url: 'https://forum.example.ng', links: [{ label: 'Telegram', url: 'https://t.me/example' }] };

const announcement = (id: string, title: string, body: string, publishedAt: string, link: Announcement['link'] = null): Announcement => ({
  id,
  title,
  body,
  link,
  publishedAt,
  expiresAt: null,
});
const page = (announcements: Announcement[], currentPage = 1, totalPages = 1) => ({
  message: 'Announcements loaded.',
  data: { announcements, pagination: { currentPage, totalPages, pageSize: 5, totalItems: announcements.length } },
});
const marketplaceOpen = announcement(
  'a1',
  'The marketplace is open',
  'Trade on the [marketplace](/marketplace).\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>[bad](javascript:alert(3))',
  '2026-11-26T00:00:00.000Z',
);
const payouts = announcement('a2', 'Faster payouts', 'Payouts reach **GTBank** within minutes.', '2026-11-28T09:00:00.000Z', { url: '/dashboard/transactions?tab=payouts', label: 'See your payouts' });
const status = announcement('a3', 'Status page', 'Follow incidents live.', '2026-11-20T09:00:00.000Z', { url: 'https://status.fipay.ng', label: 'Open the status page' });

describe('Community', () => {
  it("opens the platform's configured community site and links in new tabs", async () => {
    stubServer({ 'GET /community': () => ({ message: 'Community links loaded.', data: configured }) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    const join = await screen.findByRole('link', { name: /Join Community/ });
    expect(join).toHaveAttribute('href', 'https://forum.example.ng');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    const more = screen.getByRole('list', { name: 'More places to meet' });
    expect(within(more).getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', 'https://t.me/example');
  });

  it("shows the operator's announcements from the server, newest first, with their dates and links, rendered safely", async () => {
    stubServer({ 'GET /community': () => ({ data: { url: 'https://forum.example.ng', links: [] } }), 'GET /announcements': () => page([payouts, marketplaceOpen]) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    const section = screen.getByRole('region', { name: 'Announcements' });
    const first = await within(section).findByRole('article', { name: 'Faster payouts' });
    const titles = within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Faster payouts', 'The marketplace is open']);
    expect(within(first).getByText('28 November 2026')).toHaveAttribute('dateTime', '2026-11-28T09:00:00.000Z');
    expect(within(first).getByText('GTBank').tagName).toBe('STRONG');
    expect(within(first).getByRole('link', { name: /See your payouts/ })).toHaveAttribute('href', '/dashboard/transactions?tab=payouts');
    expect(within(first).getByRole('link', { name: /See your payouts/ })).not.toHaveAttribute('target');

    const marketplace = within(section).getByRole('article', { name: 'The marketplace is open' });
    expect(within(marketplace).getByText('26 November 2026')).toBeInTheDocument();
    expect(within(marketplace).getByRole('link', { name: 'marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(marketplace.querySelector('script, [onerror]')).toBeNull();
    expect(within(marketplace).getByText('bad')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect(await screen.findByRole('link', { name: /Join Community/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'More places to meet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older announcements' })).not.toBeInTheDocument();
  });

  it('opens a link to another site in a new tab, and shows older announcements a page at a time', async () => {
    const fetchMock = stubServer({
      'GET /community': () => ({ data: configured }),
      'GET /announcements': () => (stubCalls(fetchMock, 'GET', '/announcements?page=2').length > 0 ? page([status], 2, 2) : page([payouts], 1, 2)),
    });
    const user = renderPage(paths.community, <CommunityPage />, paths.community);
    expect(await screen.findByRole('article', { name: 'Faster payouts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older announcements' }));
    const older = await screen.findByRole('article', { name: 'Status page' });
    const link = within(older).getByRole('link', { name: /Open the status page/ });
    expect(link).toHaveAttribute('href', 'https://status.fipay.ng');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-labelledby'))).toEqual(['announcement-a2', 'announcement-a3']);
    expect(screen.queryByRole('button', { name: 'Show older announcements' })).not.toBeInTheDocument();
  });

  it('says so when the links cannot be loaded, and offers to try again', async () => {
    stubServer({ 'GET /community': () => ({ status: 503, message: 'The service is busy.', data: { code: 'SERVICE_UNAVAILABLE' } }), 'GET /announcements': () => page([]) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    expect(await screen.findByText('The service is busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says there is nothing yet when there are no announcements', async () => {
    stubServer({ 'GET /community': () => ({ data: configured }), 'GET /announcements': () => page([]) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });

  it('says so when the announcements cannot be loaded', async () => {
    stubServer({ 'GET /community': () => ({ data: configured }), 'GET /announcements': () => ({ status: 503, message: 'The service is busy.', data: { code: 'SERVICE_UNAVAILABLE' } }) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    const section = screen.getByRole('region', { name: 'Announcements' });
    expect(await within(section).findByText('The service is busy.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
