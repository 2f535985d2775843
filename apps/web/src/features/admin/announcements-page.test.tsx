import { announcementMessages as say, type AdminAnnouncement } from '@fipay/contracts/announcements';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AnnouncementPage } from './announcement-page';
import { AnnouncementsPage } from './announcements-page';
import { AdminLayout } from './components/admin-layout';
import { adminReviewer, fail, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';

const ID = 'd0000000-0000-4000-8000-000000000091';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      {
        path: '/admin',
        Component: AdminLayout,
        children: [
          { index: true, element: <h1>Applications</h1> },
          { path: 'announcements', Component: AnnouncementsPage },
          { path: 'announcements/:announcementId', Component: AnnouncementPage },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup(), router };
}

const announcement = (overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement => ({
  id: ID,
  status: 'draft',
  title: 'Faster payouts',
  body: 'Payouts reach **GTBank** within minutes.',
  link: null,
  publishedAt: null,
  expiresAt: null,
  expired: false,
  archivedAt: null,
  createdBy: { id: adminReviewer.id, name: adminReviewer.name },
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:30:00.000Z',
  ...overrides,
});

const listOf = (items: AdminAnnouncement[], counts = { draft: items.length, published: 2, archived: 0 }) =>
  ok({ announcements: items, pagination: { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: items.length }, counts }, say.loaded);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
  act(() => toast.remove());
});

describe('announcements in the back office', () => {
  it('lists one status with the counts on its tabs, for admins only', async () => {
    signInAs(adminReviewer);
    const api = stubApi([['GET', 'admin/announcements', listOf([announcement()])]]);
    const { user } = renderAt('/admin/announcements');
    expect(await screen.findByRole('link', { name: 'Faster payouts' })).toHaveAttribute('href', `/admin/announcements/${ID}`);
    const tabs = screen.getByRole('navigation', { name: 'Status' });
    expect(within(tabs).getByRole('button', { name: /Drafts/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('button', { name: /Published/ })).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: /New announcement/ })).toHaveAttribute('href', '/admin/announcements/new');
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Announcements' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(tabs).getByRole('button', { name: /Published/ }));
    await vi.waitFor(() => expect(api.mock.mock.calls.some(([url]) => String(url).includes('status=published'))).toBe(true));
  });

  it('sends a reviewer without the admin role back to the applications, with no link to announcements', async () => {
    signInAs(plainReviewer);
    const api = stubApi([]);
    const { router } = renderAt('/admin/announcements');
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Announcements' })).not.toBeInTheDocument();
    expect(api.mock).not.toHaveBeenCalled();
  });

  it("checks a new announcement as the contract does, shows the server's field errors, then saves the draft and opens it", async () => {
    signInAs(adminReviewer);
    let attempt = 0;
    const api = stubApi([
      ['POST', 'admin/announcements', () => (attempt++ === 0 ? fail(400, say.linkLabelRequired, { code: 'VALIDATION_FAILED', errors: { linkLabel: say.linkLabelRequired } }) : { status: 201, body: ok(announcement(), say.created).body })],
      ['GET', `admin/announcements/${ID}`, ok(announcement(), say.oneLoaded)],
    ]);
    const { user, router } = renderAt('/admin/announcements/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New announcement' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(say.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(say.bodyRequired)).toBeInTheDocument();
    expect(api.calls('POST', 'admin/announcements')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Link (optional)' }), 'javascript:alert(1)');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Faster payouts');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Payouts reach **GTBank** within minutes.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(say.linkUrlInvalid)).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('GTBank').tagName).toBe('STRONG');

    await user.clear(screen.getByRole('textbox', { name: 'Link (optional)' }));
    await user.type(screen.getByRole('textbox', { name: 'Link (optional)' }), 'https://status.fipay.ng');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(say.linkLabelRequired)).toBeInTheDocument();
    expect(JSON.parse(String(api.calls('POST', 'admin/announcements')[0]![1]!.body))).toEqual({
      title: 'Faster payouts',
      body: 'Payouts reach **GTBank** within minutes.',
      linkUrl: 'https://status.fipay.ng',
      linkLabel: null,
      expiresAt: null,
    });

    await user.type(screen.getByRole('textbox', { name: 'Link label' }), 'Status page');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(say.created)).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/admin/announcements/${ID}`));
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('publishes a draft and archives a published one, each from its answer', async () => {
    signInAs(adminReviewer);
    const published = announcement({ status: 'published', publishedAt: '2026-11-27T09:00:00.000Z' });
    const api = stubApi([
      ['GET', `admin/announcements/${ID}`, ok(announcement(), say.oneLoaded)],
      ['POST', `admin/announcements/${ID}/publish`, ok(published, say.published)],
      ['POST', `admin/announcements/${ID}/archive`, ok(announcement({ status: 'archived', publishedAt: published.publishedAt, archivedAt: '2026-11-27T10:00:00.000Z' }), say.archived)],
      ['GET', 'admin/announcements', listOf([])],
    ]);
    const { user } = renderAt(`/admin/announcements/${ID}`);
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('Draft')).toBeInTheDocument();

    // Unsaved changes are saved before publishing.
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    expect(within(status).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Faster payouts');
    await user.click(within(status).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(say.published)).toBeInTheDocument();
    expect(api.calls('POST', `admin/announcements/${ID}/publish`)).toHaveLength(1);
    expect(await within(status).findByText('Published')).toBeInTheDocument();

    await user.click(within(status).getByRole('button', { name: 'Archive (take down)' }));
    expect(await screen.findByText(say.archived)).toBeInTheDocument();
    expect(await within(status).findByRole('button', { name: 'Publish again' })).toBeInTheDocument();
  });

  it('sends only the fields that changed, and says why a publish was refused', async () => {
    signInAs(adminReviewer);
    const expired = announcement({ status: 'archived', publishedAt: '2026-11-20T09:00:00.000Z', expiresAt: '2026-11-21T09:00:00.000Z', archivedAt: '2026-11-22T09:00:00.000Z' });
    const api = stubApi([
      ['GET', `admin/announcements/${ID}`, ok(expired, say.oneLoaded)],
      ['PATCH', `admin/announcements/${ID}`, ok({ ...expired, title: 'Maintenance done' }, say.updated)],
      ['POST', `admin/announcements/${ID}/publish`, fail(409, say.expiredCannotPublish, { code: 'CONFLICT' })],
      ['GET', 'admin/announcements', listOf([])],
    ]);
    const { user } = renderAt(`/admin/announcements/${ID}`);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Maintenance done');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(say.updated)).toBeInTheDocument();
    expect(JSON.parse(String(api.calls('PATCH', `admin/announcements/${ID}`)[0]![1]!.body))).toEqual({ title: 'Maintenance done' });

    await user.click(screen.getByRole('button', { name: 'Publish again' }));
    expect(await screen.findByText(say.expiredCannotPublish)).toBeInTheDocument();
  });
});
