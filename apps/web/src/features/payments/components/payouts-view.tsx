import { payoutEndpoints } from '@fipay/contracts/endpoints/payments';
import type { PayoutLineType } from '@fipay/contracts/payments';
import DownloadIcon from 'lucide-react/icons/download';
import LandmarkIcon from 'lucide-react/icons/landmark';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { downloadMerchantFile, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useMode } from '../../../stores/mode-store';
import { formatNaira } from '../money';
import { usePayoutNow, usePayout, usePayouts } from '../api/payouts';

/** Payouts of the available balance to the settlement bank account, and the payments each covered. */
export function PayoutsView() {
  const [mode] = useMode();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = usePayouts(page);
  const payout = usePayoutNow();

  async function payOutNow() {
    try {
      const done = await payout.mutateAsync();
      if (done.payout.status === 'paid') toast.success(`${formatNaira(done.payout.amount)} paid out.`);
      else toast.error(done.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The payout could not be made.'));
    }
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-slate-600">
          Your available balance is paid to your settlement bank account once a day.
          {mode === 'test' && ' In test mode you can pay out now; account numbers ending in 000 show a failed payout.'}
        </p>
        {mode === 'test' && (
          <Button onClick={() => void payOutNow()} disabled={payout.isPending} className="shrink-0">
            {payout.isPending ? 'Paying out...' : 'Pay out now'}
          </Button>
        )}
      </div>
      {list.data?.hold && (
        <Alert tone="warning">
          Live payouts are on hold since {formatDateTime(list.data.hold.since)}: {list.data.hold.reason} Payments are still collected.
        </Alert>
      )}
      <QueryState
        query={list}
        loading="your payouts"
        failure="We could not load your payouts."
        empty={(data) =>
          data.payouts.length === 0 ? { icon: LandmarkIcon, title: 'No payouts yet', text: 'Payments become available, then are paid to your bank account.' } : null
        }
      >
        {(data) => (
          <section aria-label="Payouts" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <ul className="divide-y divide-slate-100">
              {data.payouts.map((s) => (
                <li key={s.id}>
                  <button type="button" onClick={() => setOpen(s.id)} className="flex w-full flex-wrap items-center justify-between gap-3 p-4 text-left hover:bg-slate-50">
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900 tabular-nums">{formatNaira(s.amount)}</span>
                      <span className="block text-xs text-slate-500">
                        {formatDateTime(s.createdAt)} · {s.bankAccount.bankName} {s.bankAccount.accountNumber} · {s.transactionCount}{' '}
                        {s.transactionCount === 1 ? 'payment' : 'payments'}
                      </span>
                      {s.failureReason && <span className="block text-xs text-red-700">{s.failureReason}</span>}
                    </span>
                    <StatusBadge kind="payout" status={s.status} />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </QueryState>
      {list.data && list.data.pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {list.data.pagination.totalPages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= list.data.pagination.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <PayoutDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** Where the money of a payout is: paid (when), on its way to the bank, or failed (why). */
function payoutState(s: { status: string; paidAt: string | null; failureReason: string | null }): string {
  if (s.status === 'paid' && s.paidAt) return `, paid ${formatDateTime(s.paidAt)}`;
  if (s.status === 'pending') return ': on its way to your bank.';
  if (s.status === 'failed' && s.failureReason) return `: failed. ${s.failureReason}`;
  return '';
}

const lineLabels: Record<PayoutLineType, string> = {
  payment: 'Payment',
  refund: 'Refund',
  refund_returned: 'Refund returned',
  payout_returned: 'Payout returned',
  adjustment: 'Adjustment',
  brought_forward: 'Balance before',
};

function PayoutDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = usePayout(id);
  const [downloading, setDownloading] = useState(false);
  const s = detail.data;

  async function downloadCsv() {
    if (!id) return;
    setDownloading(true);
    try {
      toast.success(`Downloaded ${await downloadMerchantFile(payoutEndpoints.export, {}, 'payout.csv', { id })}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The payout could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      title={s ? `Payout of ${formatNaira(s.amount)}` : 'Payout'}
      size="lg"
      description={s ? `${s.bankAccount.bankName} ${s.bankAccount.accountNumber} (${s.bankAccount.accountName})${payoutState(s)}` : undefined}
      body={
        <QueryState query={detail} loading="the payout" failure="We could not load this payout.">
          {(data) => (
            <table className="w-full text-sm">
              <caption className="sr-only">What makes up this payout</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className="py-2 font-medium">
                    Line
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.lines.map((line, index) => (
                  <tr key={`${line.type}-${line.reference ?? ''}-${index}`}>
                    <td className="min-w-0 py-2 pr-3">
                      <span className="block text-slate-900">{lineLabels[line.type]}</span>
                      <span className="block break-all font-mono text-xs text-slate-500">{line.reference ?? line.description}</span>
                      {line.gross !== null && line.fee !== null && (
                        <span className="block text-xs text-slate-500">
                          {formatNaira(line.gross)} less {formatNaira(line.fee)} fee
                        </span>
                      )}
                    </td>
                    <td className={`py-2 text-right font-medium tabular-nums ${line.amount < 0 ? 'text-red-700' : 'text-slate-900'}`}>{formatNaira(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-200">
                  <th scope="row" className="py-2 text-left font-semibold text-slate-900">
                    {data.status === 'failed' ? 'Total (returned to your balance)' : 'Total paid out'}
                  </th>
                  <td className="py-2 text-right font-semibold tabular-nums text-slate-900">{formatNaira(data.amount)}</td>
                </tr>
              </tfoot>
            </table>
          )}
        </QueryState>
      }
    >
      <Button variant="secondary" onClick={() => void downloadCsv()} disabled={!s || downloading}>
        <DownloadIcon className="h-4 w-4" aria-hidden="true" />
        {downloading ? 'Downloading...' : 'Download CSV'}
      </Button>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
