import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { renderPage, signedInTestMode } from '../../test/page-setup';
import { stubServer } from '../../test/stub-server';
import { announcements, announcementsFrom } from './announcements';
import { CommunityPage } from './community-page';

signedInTestMode();

const configured = { url: 'https://forum.example.ng', links: [{ label: 'Telegram', url: 'https://t.me/example' }] };

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

  it("shows the operator's announcements from the repository, newest first, with their dates", async () => {
    stubServer({ 'GET /community': () => ({ data: { url: 'https://forum.example.ng', links: [] } }) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    const section = screen.getByRole('region', { name: 'Announcements' });
    const titles = within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(announcements.map((a) => a.title));
    expect(titles).toContain('The marketplace is open');
    const dates = announcements.map((a) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const marketplace = within(section).getByRole('article', { name: 'The marketplace is open' });
    expect(within(marketplace).getByText('26 November 2026')).toHaveAttribute('dateTime', '2026-11-26');
    expect(within(marketplace).getByRole('link', { name: 'marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(await screen.findByRole('link', { name: /Join Community/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'More places to meet' })).not.toBeInTheDocument();
  });

  it('says so when the links cannot be loaded, and offers to try again', async () => {
    stubServer({ 'GET /community': () => ({ status: 503, message: 'The service is busy.', data: { code: 'SERVICE_UNAVAILABLE' } }) });
    renderPage(paths.community, <CommunityPage />, paths.community);
    expect(await screen.findByText('The service is busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says there is nothing yet when there are no announcements', async () => {
    stubServer({ 'GET /community': () => ({ data: configured }) });
    renderPage(paths.community, <CommunityPage items={[]} />, paths.community);
    expect(screen.getByText('No announcements yet')).toBeInTheDocument();
  });

  it("reads an announcement's day from its file name and skips a file named otherwise", () => {
    const read = announcementsFrom({
      './announcements/2026-12-01-later.md': '# Later\n\nBody.',
      './announcements/notes.md': '# Not dated',
      './announcements/2026-11-30-earlier.md': '# Earlier\n\nText.',
    });
    expect(read).toEqual([
      { id: '2026-12-01-later', date: '2026-12-01', title: 'Later', markdown: 'Body.' },
      { id: '2026-11-30-earlier', date: '2026-11-30', title: 'Earlier', markdown: 'Text.' },
    ]);
  });
});
