import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-time';
import { useTransaction } from '../api/transactions';
import { formatNaira } from '../money';
import { RefundForm } from './refund-form';

/** One transaction: what was paid, by whom and how, what happened to it (the timeline), and its refunds. */
export function TransactionDetailDialog({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const detail = useTransaction(reference);
  const t = detail.data;
  return (
    <Dialog
      open={reference !== null}
      onClose={onClose}
      title={t ? (t.purpose === 'top_up' ? `${formatNaira(t.amount)} wallet top-up by ${t.customer.email}` : `${formatNaira(t.amount)} from ${t.customer.email}`) : 'Transaction'}
      size="lg"
      body={
        <QueryState query={detail} loading="the transaction" failure="We could not load this transaction.">
          {(data) => (
            <div className="space-y-6">
              <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
                <Item label="Status">
                  <StatusBadge kind="transaction" status={data.status} />
                </Item>
                <Item label="Reference">
                  <span className="font-mono text-xs break-all">{data.reference}</span>
                </Item>
                <Item label="Fee">{data.fee === null ? '—' : formatNaira(data.fee)}</Item>
                <Item label="You receive">{data.net === null ? '—' : formatNaira(data.net)}</Item>
                <Item label="Refunded">{formatNaira(data.refundedAmount)}</Item>
                <Item label="Method">
                  {data.channel === 'bank_transfer' ? 'Bank transfer' : data.card ? `${data.card.brand} •••• ${data.card.last4}` : '—'}
                </Item>
                <Item label={data.purpose === 'top_up' ? 'Paid by' : 'Customer'}>{data.customer.name || data.customer.email}</Item>
                <Item label="Paid on">{data.paidAt ? formatDateTime(data.paidAt) : '—'}</Item>
              </dl>
              <section aria-labelledby="timeline-heading">
                <h3 id="timeline-heading" className="text-sm font-semibold text-slate-900">
                  Timeline
                </h3>
                <ol className="mt-2 space-y-2 border-l border-slate-200 pl-4">
                  {data.timeline.map((entry, index) => (
                    <li key={index} className="text-sm">
                      <p className="text-slate-800">{entry.message}</p>
                      <p className="text-xs text-slate-500">{formatDateTime(entry.at)}</p>
                    </li>
                  ))}
                </ol>
              </section>
              {data.refunds.length > 0 && (
                <section aria-labelledby="refunds-heading">
                  <h3 id="refunds-heading" className="text-sm font-semibold text-slate-900">
                    Refunds
                  </h3>
                  <ul className="mt-2 divide-y divide-slate-100 text-sm">
                    {data.refunds.map((refund) => (
                      <li key={refund.id} className="flex items-center justify-between gap-3 py-2">
                        <span className="min-w-0">
                          <span className="block font-medium text-slate-900 tabular-nums">{formatNaira(refund.amount)}</span>
                          <span className="block truncate text-xs text-slate-500">
                            {formatDateTime(refund.createdAt)}
                            {refund.reason ? ` · ${refund.reason}` : ''}
                            {refund.failureReason ? ` · ${refund.failureReason}` : ''}
                          </span>
                        </span>
                        <StatusBadge kind="refund" status={refund.status} />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {data.status === 'success' && data.refundedAmount < data.amount && <RefundForm transaction={data} />}
            </div>
          )}
        </QueryState>
      }
    >
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}
