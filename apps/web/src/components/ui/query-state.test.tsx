import { useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InboxIcon from 'lucide-react/icons/inbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { QueryWrapper } from '../../test/query-wrapper';
import { QueryState } from './query-state';

type Answer = { items: string[] };

/** A list read through the one cache; `answer` is what the server says on each load (a 4xx is not tried again by itself). */
function List({ answer, inline = false }: { answer: () => Promise<Answer>; inline?: boolean }) {
  const query = useQuery({ queryKey: ['query-state-test'], queryFn: answer });
  return (
    <QueryState
      query={query}
      loading="your things"
      failure="We could not load your things."
      empty={(data) => (data.items.length === 0 ? (inline ? { title: 'Nothing yet.', text: 'Add one.' } : { icon: InboxIcon, title: 'No things yet', text: 'Add one.' }) : null)}
    >
      {(data) => (
        <ul aria-label="Things">
          {data.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what is loading, then shows the answer', async () => {
    render(<List answer={async () => ({ items: ['Ankara'] })} />, { wrapper: QueryWrapper });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your things…');
    expect(within(await screen.findByRole('list', { name: 'Things' })).getByText('Ankara')).toBeInTheDocument();
  });

  it("shows the server's reason with Try again, which loads again", async () => {
    const answer = vi
      .fn<() => Promise<Answer>>()
      .mockRejectedValueOnce(new ApiError(429, 'Too many requests. Wait a minute, then try again.'))
      .mockResolvedValue({ items: ['Ankara'] });
    render(<List answer={answer} />, { wrapper: QueryWrapper });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Wait a minute, then try again.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Things' })).toBeInTheDocument();
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('falls back to its own sentence when the server gives none', async () => {
    render(<List answer={() => Promise.reject(new ApiError(404, ''))} />, { wrapper: QueryWrapper });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your things.');
  });

  it('shows the "nothing yet" block, or its one plain line inside a panel', async () => {
    const { unmount } = render(<List answer={async () => ({ items: [] })} />, { wrapper: QueryWrapper });
    expect(await screen.findByRole('heading', { name: 'No things yet' })).toBeInTheDocument();
    expect(screen.getByText('Add one.')).toBeInTheDocument();
    unmount();

    render(<List answer={async () => ({ items: [] })} inline />, { wrapper: QueryWrapper });
    expect(await screen.findByText('Nothing yet. Add one.')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
