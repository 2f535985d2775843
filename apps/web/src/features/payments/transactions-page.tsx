import { channels, transactionStatuses, type Transaction } from '@fipay/contracts/payments';
import { transactionEndpoints } from '@fipay/contracts/endpoints/payments';
import DownloadIcon from 'lucide-react/icons/download';
import ReceiptIcon from 'lucide-react/icons/receipt-text';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge, statusLabel } from '../../components/ui/status-badge';
import { PAYOUTS_TAB, TRANSACTIONS_TAB_PARAM } from '../../config/paths';
import { downloadMerchantFile, errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { useMode } from '../../stores/mode-store';
import { formatNaira } from './money';
import { useTransactions, type TransactionQuery } from './api/transactions';
import { PayoutsView } from './components/payouts-view';
import { TransactionDetailDialog } from './components/transaction-detail-dialog';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';

type Filters = Omit<TransactionQuery, 'cursor' | 'pageSize'>;
const channelLabels: Record<string, string> = { card: 'Card', bank_transfer: 'Bank transfer' };

/** Customers' payments or the company's own wallet top-ups (ADR 0076). */
const purposeLabels = { payment: 'Customer payments', top_up: 'Wallet top-ups' } as const;

/**
 * 'My Transactions' (/dashboard/transactions): payments in the current mode, and the payouts of them. The tab
 * is kept in the address (`?tab=payouts`), so the sidebar's Payouts entry opens it and a reload keeps it.
 */
export function TransactionsPage() {
  const [mode] = useMode();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get(TRANSACTIONS_TAB_PARAM) === PAYOUTS_TAB ? 'payouts' : 'transactions';
  // Switching tabs replaces the history entry: Back leaves the page rather than flipping between its tabs.
  const setView = (next: typeof view) =>
    setSearchParams(next === 'payouts' ? { [TRANSACTIONS_TAB_PARAM]: PAYOUTS_TAB } : {}, { replace: true });
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Transactions</h1>
        <p className="text-sm text-slate-600">
          Payments your customers made in <strong>{mode} mode</strong>, and the payouts to your bank account.
        </p>
      </div>
      <SegmentedTabs label="Show" options={[['transactions', 'Payments'], ['payouts', 'Payouts']] as const} value={view} onChange={setView} />
      {view === 'transactions' ? <PaymentsView /> : <PayoutsView />}
    </div>
  );
}

function PaymentsView() {
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const cursor = cursors.at(-1);
  const list = useTransactions({ ...filters, ...(cursor ? { cursor } : {}) });

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pick = (name: string) => (String(data.get(name) ?? '').trim() || undefined) as never;
    setFilters({ status: pick('status'), channel: pick('channel'), purpose: pick('purpose'), search: pick('search'), from: pick('from'), to: pick('to') });
    setCursors([]);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const name = await downloadMerchantFile(transactionEndpoints.export, filters, 'transactions.csv');
      toast.success(`Downloaded ${name}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be made.'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-5">
      <form onSubmit={applyFilters} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-7 lg:items-end" aria-label="Filters">
        <div className="lg:col-span-2">
          <TextField label="Reference or customer email" name="search" type="search" placeholder="fp-… or ada@example.ng" />
        </div>
        <SelectField label="Status" name="status" defaultValue="">
          <option value="">All</option>
          {transactionStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel('transaction', status)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Method" name="channel" defaultValue="">
          <option value="">All</option>
          {channels.map((channel) => (
            <option key={channel} value={channel}>
              {channelLabels[channel]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" name="purpose" defaultValue="">
          <option value="">All</option>
          {(['payment', 'top_up'] as const).map((purpose) => (
            <option key={purpose} value={purpose}>
              {purposeLabels[purpose]}
            </option>
          ))}
        </SelectField>
        <TextField label="From" name="from" type="date" />
        <TextField label="To" name="to" type="date" />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-7 lg:justify-end">
          <Button type="submit" variant="secondary">
            Apply filters
          </Button>
          <Button onClick={() => void exportCsv()} disabled={exporting}>
            <DownloadIcon aria-hidden="true" className="mr-1.5 h-4 w-4" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </form>

      <QueryState
        query={list}
        loading="your transactions"
        failure="We could not load your transactions."
        empty={(data) =>
          data.transactions.length === 0
            ? {
                icon: ReceiptIcon,
                title: `No transactions ${Object.values(filters).some(Boolean) ? 'match these filters' : 'yet'}`,
                text: 'Share a payment link to take your first payment.',
              }
            : null
        }
      >
        {(data) => (
          <section aria-label="Transactions" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm max-md:block">
              <thead className="bg-slate-50 text-xs text-slate-500 uppercase max-md:hidden">
                <tr>
                  <th className="px-4 py-3 font-medium">Date</th>
                  <th className="px-4 py-3 font-medium">Customer</th>
                  <th className="px-4 py-3 font-medium">Reference</th>
                  <th className="px-4 py-3 font-medium">Method</th>
                  <th className="px-4 py-3 font-medium">Status</th>
                  <th className="px-4 py-3 text-right font-medium">Amount</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 max-md:block">
                {data.transactions.map((t) => (
                  <Row key={t.id} transaction={t} onOpen={() => setOpen(t.reference)} />
                ))}
              </tbody>
            </table>
          </section>
        )}
      </QueryState>

      {(cursors.length > 0 || list.data?.nextCursor) && (
        <nav aria-label="Pages" className="flex items-center justify-between">
          <Button variant="secondary" size="sm" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
          <Button variant="secondary" size="sm" disabled={!list.data?.nextCursor} onClick={() => list.data?.nextCursor && setCursors([...cursors, list.data.nextCursor])}>
            Older
          </Button>
        </nav>
      )}
      <TransactionDetailDialog reference={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function Row({ transaction: t, onOpen }: { transaction: Transaction; onOpen: () => void }) {
  const method = t.channel === 'bank_transfer' ? 'Bank transfer' : t.card ? `${t.card.brand} •••• ${t.card.last4}` : '—';
  return (
    <tr className="cursor-pointer hover:bg-slate-50 max-md:grid max-md:grid-cols-2 max-md:gap-1 max-md:p-4" onClick={onOpen}>
      <td className="px-4 py-3 whitespace-nowrap text-slate-600 max-md:order-3 max-md:p-0 max-md:text-xs">{formatDateTime(t.createdAt)}</td>
      <td className="max-w-56 truncate px-4 py-3 text-slate-900 max-md:order-1 max-md:p-0 max-md:font-medium">
        <button type="button" className="max-w-full truncate text-left hover:underline" onClick={onOpen} aria-label={`Open ${t.reference}`}>
          {t.customer.email}
        </button>
        {t.purpose === 'top_up' && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Wallet top-up</span>}
      </td>
      <td className="px-4 py-3 font-mono text-xs text-slate-600 max-md:hidden">{t.reference}</td>
      <td className="px-4 py-3 text-slate-600 max-md:hidden">{method}</td>
      <td className="px-4 py-3 max-md:order-4 max-md:p-0 max-md:text-right">
        <StatusBadge kind="transaction" status={t.status} />
        {t.refundedAmount > 0 && <span className="ml-1 text-xs whitespace-nowrap text-slate-500">{t.refundedAmount === t.amount ? 'Refunded' : 'Part refunded'}</span>}
      </td>
      <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums max-md:order-2 max-md:p-0">{formatNaira(t.amount)}</td>
    </tr>
  );
}
