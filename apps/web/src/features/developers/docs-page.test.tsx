import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocsPage } from './docs-page';

/** The reference's operations, as "METHOD /api/v1/path" from each heading. */
function operations() {
  render(
    <MemoryRouter>
      <DocsPage />
    </MemoryRouter>,
  );
  return screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent!.replace(/^(GET|POST|PUT|PATCH|DELETE)/, '$1 '));
}

describe('the /docs reference', () => {
  it("describes the wallet's balances and statements, transfers, rates and payment methods a secret key may call", () => {
    const listed = operations();
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/v1/wallet',
        'GET /api/v1/wallet/:asset/statement',
        'GET /api/v1/wallet/:asset/statement.csv',
        'POST /api/v1/wallet/:asset/test-funds',
        'GET /api/v1/recipients/lookup',
        'POST /api/v1/transfers/preview',
        'POST /api/v1/transfers',
        'GET /api/v1/transfers',
        'GET /api/v1/transfers/:id',
        'GET /api/v1/rates',
        'GET /api/v1/payment-methods',
        'POST /api/v1/withdrawals/preview',
        'POST /api/v1/withdrawals',
        'GET /api/v1/withdrawals',
        'GET /api/v1/withdrawals/:id',
      ]),
    );
    // A withdrawal's example goes to a bank account; its fee is explained.
    expect(document.body.textContent).toContain(`-d '{"asset":"NGN","amount":"500000","to":"settlement_account"}'`);
    expect(screen.getByRole('heading', { name: 'Sending money to a bank account' })).toBeInTheDocument();
    // The wallet's amounts are strings of digits in the examples too, as the server takes them.
    expect(document.body.textContent).toContain(`-d '{"asset":"USDT","amount":"500000","to":"@acme"}'`);
    // What a secret key is refused is not offered to it.
    for (const dashboardOnly of ['POST /api/v1/transfers/code', 'POST /api/v1/payment-methods', 'POST /api/v1/payment-methods/code', 'GET /api/v1/limits', 'GET /api/v1/tag']) {
      expect(listed).not.toContain(dashboardOnly);
    }
  });
});
