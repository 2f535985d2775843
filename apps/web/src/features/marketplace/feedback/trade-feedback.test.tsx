import type { TradeFeedback as Answer } from '@fipay/contracts/reputation';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCalls, stubServer } from '../../../test/stub-server';
import { clearToasts, renderPage, signIn } from '../test-setup';
import { TradeFeedback } from './trade-feedback';

const tradeId = 'c1000000-0000-4000-8000-000000000001';
const path = `/trades/${tradeId}/feedback`;
const left = { rating: 'negative' as const, comment: 'Released late.', createdAt: '2026-11-26T10:00:00.000Z', updatedAt: '2026-11-26T10:00:00.000Z', editableUntil: '2026-12-03T10:00:00.000Z' };

describe('TradeFeedback', () => {
  beforeEach(signIn);
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it("shows the other side's feedback and leaves yours, positive with a comment", async () => {
    let saved: Answer = { canLeave: true, mine: null, theirs: left };
    const fetchMock = stubServer({
      [`GET ${path}`]: () => ({ data: saved }),
      [`POST ${path}`]: (body) => {
        saved = { ...saved, mine: { ...left, rating: body!.rating as 'positive', comment: String(body!.comment) } };
        return { message: 'Feedback saved.', data: saved };
      },
    });
    const user = renderPage(<TradeFeedback tradeId={tradeId} />);
    expect(await screen.findByText('Released late.')).toBeInTheDocument();
    expect(screen.getByText(/Your trade partner left/)).toHaveTextContent('Your trade partner left Negative');

    // Nothing chosen: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Leave feedback' }));
    expect(screen.getByText('Choose positive or negative.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Positive' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Paid on time.');
    await user.click(screen.getByRole('button', { name: 'Leave feedback' }));
    expect(await screen.findByText('Feedback saved.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', path)[0]!.body).toEqual({ rating: 'positive', comment: 'Paid on time.' });
    expect(screen.getByRole('button', { name: 'Update feedback' })).toBeInTheDocument();
    expect(screen.getByText(/You can change it until/)).toBeInTheDocument();
  });

  it('shows your feedback without a form once it can no longer change, and says when the trade is not over', async () => {
    stubServer({ [`GET ${path}`]: () => ({ data: { canLeave: false, mine: { ...left, comment: 'Too slow.' }, theirs: null } }) });
    renderPage(<TradeFeedback tradeId={tradeId} />);
    expect(await screen.findByText('Too slow.')).toBeInTheDocument();
    expect(screen.getByText('Your trade partner has not left feedback yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /feedback/ })).not.toBeInTheDocument();
  });

  it('says feedback waits for the end of the trade', async () => {
    stubServer({ [`GET ${path}`]: () => ({ data: { canLeave: false, mine: null, theirs: null } }) });
    renderPage(<TradeFeedback tradeId={tradeId} />);
    expect(await screen.findByText('You can leave feedback once the trade is completed.')).toBeInTheDocument();
  });
});
