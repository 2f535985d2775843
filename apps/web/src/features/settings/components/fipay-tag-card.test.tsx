import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tagMessages, type CompanyTag } from '@fipay/contracts/fipay-tags';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { FipayTagCard } from './fipay-tag-card';

const envelope = (data: unknown, status = 200, message = 'OK.') => new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status });

const none: CompanyTag = { tag: null, display: null, claimedAt: null, nextChangeAt: null, changeIntervalDays: 30, releaseHoldDays: 90 };
const held = (tag: string, nextChangeAt: string | null = null): CompanyTag => ({ ...none, tag, display: `@${tag}`, claimedAt: '2026-11-01T10:00:00.000Z', nextChangeAt });

type Call = { method: string; url: string; body: unknown };

/** The server as the card sees it: its tag, which tags are taken, and what a PUT answers. */
function stubServer(options: { current: CompanyTag; taken?: string[]; put?: (tag: string) => Response }) {
  const calls: Call[] = [];
  let current = options.current;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(url), body });
      const parsed = new URL(String(url), 'http://app.test');
      if (parsed.pathname === '/api/v1/tag/availability') {
        const tag = parsed.searchParams.get('tag')!;
        const taken = options.taken?.includes(tag);
        return envelope({ tag, display: `@${tag}`, available: !taken, status: taken ? 'taken' : 'available' });
      }
      if (method === 'PUT') {
        const answer = options.put?.(body.tag);
        if (answer) return answer;
        current = held(body.tag, '2026-12-26T10:00:00.000Z');
        return envelope(current, 200, tagMessages.saved);
      }
      return envelope(current);
    }),
  );
  return calls;
}

const renderCard = (verified = true) =>
  render(
    <QueryWrapper>
      <Toaster />
      <FipayTagCard verified={verified} />
    </QueryWrapper>,
  );

const notFindable = 'Until your business is verified, other businesses cannot find you by your tag.';

describe('FipayTagCard', () => {
  beforeEach(() => useAuthStore.setState(sessionFixture()));
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.remove();
  });

  it('claims a tag: the rules as one types, then whether it is free, then the PUT of the lowercase tag', async () => {
    const calls = stubServer({ current: none });
    const user = userEvent.setup();
    renderCard();
    const card = screen.getByRole('region', { name: 'FiPay tag' });
    const field = await within(card).findByRole('textbox', { name: 'Choose your tag' });
    const claim = within(card).getByRole('button', { name: 'Claim tag' });
    expect(claim).toBeDisabled();

    await user.type(field, 'ab');
    expect(within(card).getByRole('status')).toHaveTextContent(tagMessages.tooShort);
    await user.clear(field);
    await user.type(field, 'admin');
    expect(within(card).getByRole('status')).toHaveTextContent(tagMessages.reserved);
    expect(calls.some((call) => call.url.includes('availability'))).toBe(false);

    await user.clear(field);
    await user.type(field, '@Acme_Ltd');
    expect(await within(card).findByText('@acme_ltd is available.')).toBeInTheDocument();
    const asked = calls.filter((call) => call.url.includes('availability'));
    expect(asked.map((call) => call.url)).toEqual(['/api/v1/tag/availability?tag=acme_ltd']);

    await user.click(claim);
    expect(await within(card).findByTestId('fipay-tag')).toHaveTextContent('@acme_ltd');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ tag: 'acme_ltd' });
    expect(within(card).getByText(/You can change your tag again from 26 Dec 2026/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Change tag' })).not.toBeInTheDocument();
    expect(await screen.findByText('Your FiPay tag is now @acme_ltd.')).toBeInTheDocument();
  });

  it('says a tag is taken and will not claim it', async () => {
    stubServer({ current: none, taken: ['kola'] });
    const user = userEvent.setup();
    renderCard(false);
    const card = screen.getByRole('region', { name: 'FiPay tag' });
    expect(await within(card).findByText(notFindable)).toBeInTheDocument();
    await user.type(await within(card).findByRole('textbox', { name: 'Choose your tag' }), 'Kola');
    expect(await within(card).findByText('@kola is taken. Try another.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Claim tag' })).toBeDisabled();
  });

  it("shows the server's refusal under the field when another business got the tag first", async () => {
    stubServer({ current: none, put: () => envelope({ code: 'CONFLICT', errors: { tag: tagMessages.taken } }, 409, tagMessages.taken) });
    const user = userEvent.setup();
    renderCard();
    const card = screen.getByRole('region', { name: 'FiPay tag' });
    const field = await within(card).findByRole('textbox', { name: 'Choose your tag' });
    await user.type(field, 'okafor');
    await within(card).findByText('@okafor is available.');
    await user.click(within(card).getByRole('button', { name: 'Claim tag' }));
    expect(await within(card).findByText(tagMessages.taken)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByTestId('fipay-tag')).not.toBeInTheDocument();
  });

  it('shows the tag with a copy button, and changes it once the interval has passed', async () => {
    const calls = stubServer({ current: held('acme') });
    const user = userEvent.setup();
    // After setup, which puts a clipboard of its own on the navigator.
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard();
    const card = screen.getByRole('region', { name: 'FiPay tag' });
    expect(await within(card).findByTestId('fipay-tag')).toHaveTextContent('@acme');
    expect(within(card).queryByText(notFindable)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('@acme');
    expect(await screen.findByText('Tag copied.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Change tag' }));
    const field = within(card).getByRole('textbox', { name: 'New tag' });
    await user.type(field, 'ACME');
    expect(within(card).getByRole('status')).toHaveTextContent('This is your current tag.');
    await user.clear(field);
    await user.type(field, 'acme_ng');
    await within(card).findByText('@acme_ng is available.');
    await user.click(within(card).getByRole('button', { name: 'Change tag' }));
    await vi.waitFor(() => expect(within(card).getByTestId('fipay-tag')).toHaveTextContent('@acme_ng'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ tag: 'acme_ng' }]);
  });
});
