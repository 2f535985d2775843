const styles: Record<string, string> = {
  success: 'bg-emerald-100 text-emerald-800',
  paid: 'bg-emerald-100 text-emerald-800',
  processed: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
  abandoned: 'bg-slate-200 text-slate-700',
};
const labels: Record<string, string> = { success: 'Successful', paid: 'Paid', processed: 'Processed', pending: 'Pending', failed: 'Failed', abandoned: 'Abandoned' };

/** A transaction's, refund's or payout's status as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${styles[status] ?? 'bg-slate-100 text-slate-700'}`}>{labels[status] ?? status}</span>;
}
