import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageNav } from './page-nav';

const pagination = (currentPage: number, totalPages: number) => ({ currentPage, totalPages, pageSize: 20, totalItems: totalPages * 20 });

describe('PageNav', () => {
  it('shows nothing for a list of one page', () => {
    const { container } = render(<PageNav pagination={pagination(1, 1)} onPage={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says where the list is and goes to the page before and after, never past either end', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<PageNav pagination={pagination(2, 3)} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);

    rerender(<PageNav pagination={pagination(3, 3)} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<PageNav pagination={pagination(1, 3)} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });
});
