import { refundStatuses, payoutStatuses, transactionStatuses } from '@fipay/contracts/payments';
import { deliveryStatuses } from '@fipay/contracts/webhooks';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusLabel } from './status-badge';

describe('StatusBadge', () => {
  it('shows the words of its table, and the detail after them', () => {
    render(
      <>
        <StatusBadge kind="transaction" status="success" />
        <StatusBadge kind="payout" status="paid" />
        <StatusBadge kind="delivery" status="succeeded" />
        <StatusBadge kind="apiKey" status="expiring" detail="27 Nov 2026, 10:30" />
      </>,
    );
    expect(screen.getByText('Successful')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Succeeded')).toBeInTheDocument();
    expect(screen.getByText('Expires 27 Nov 2026, 10:30')).toBeInTheDocument();
  });

  it('has words for every status the contracts name', () => {
    const kinds = [
      ['transaction', transactionStatuses],
      ['refund', refundStatuses],
      ['payout', payoutStatuses],
      ['delivery', deliveryStatuses],
    ] as const;
    for (const [kind, statuses] of kinds) {
      for (const status of statuses) expect(statusLabel(kind, status as never), `${kind} ${status}`).toMatch(/^[A-Z][a-z]+$/);
    }
  });
});
