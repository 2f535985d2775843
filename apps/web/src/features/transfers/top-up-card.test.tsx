import { topUpMessages } from '@fipay/contracts/wallet';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { TopUpCard } from './top-up-card';

const session = sessionFixture();
const respond = (status: number, message: string, data: unknown) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

describe('TopUpCard', () => {
  let sent: { body: unknown; key: string | undefined }[];
  let answer: () => Response;
  beforeEach(() => {
    useAuthStore.getState().setSession(session);
    sent = [];
    answer = () =>
      respond(201, topUpMessages.started, {
        reference: 'fp-0123456789abcdef0123',
        authorizationUrl: 'http://localhost/checkout/ac_top_up',
        accessCode: 'ac_top_up',
        amount: 5_000_000,
        fee: 85_000,
        net: 4_915_000,
        currency: 'NGN',
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toBe('/api/v1/wallet/top-ups');
        sent.push({ body: JSON.parse(String(init?.body)), key: (init?.headers as Record<string, string>)['Idempotency-Key'] });
        return answer();
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the amount exactly in kobo, starts the top-up once, and goes to the checkout', async () => {
    const go = vi.fn();
    const user = userEvent.setup();
    render(<TopUpCard mode="test" go={go} />, { wrapper: QueryWrapper });
    expect(screen.getByText(/pay with a test card/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (NGN)'), '50,000.00');
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/checkout/ac_top_up'));
    expect(sent).toEqual([{ body: { amount: 5_000_000 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('refuses zero, a third decimal and more than the largest top-up before asking the server', async () => {
    const user = userEvent.setup();
    render(<TopUpCard mode="live" go={vi.fn()} />, { wrapper: QueryWrapper });
    const field = screen.getByLabelText('Amount (NGN)');
    for (const [typed, message] of [
      ['0', topUpMessages.amountRange],
      ['10,000,000.01', topUpMessages.amountRange],
      ['99.99', topUpMessages.amountRange],
      ['1,250.505', /decimal/i],
      ['ten naira', /in digits/],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
      await vi.waitFor(() => expect(field).toHaveAccessibleDescription(message));
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal under the amount and stays on the page", async () => {
    answer = () => respond(503, 'Live payments are not set up on this server yet.', { code: 'SERVICE_UNAVAILABLE' });
    const go = vi.fn();
    const user = userEvent.setup();
    render(<TopUpCard mode="live" go={go} />, { wrapper: QueryWrapper });
    await user.type(screen.getByLabelText('Amount (NGN)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByText('Live payments are not set up on this server yet.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
