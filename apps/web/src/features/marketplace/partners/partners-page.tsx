import type { Partner, PartnerMark } from '@fipay/contracts/reputation';
import HandshakeIcon from 'lucide-react/icons/handshake';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useMode } from '../../../stores/mode-store';
import { useMarkPartner, usePartners } from '../api/reputation';
import { showAmount } from '../reputation-format';

const markStyles: Record<PartnerMark, string> = {
  trusted: 'bg-emerald-50 text-emerald-700',
  blocked: 'bg-red-50 text-red-700',
};

/**
 * '/dashboard/partners' and '/dashboard/trade-partners': the businesses traded with in the current mode, with their
 * counts and completed volume; mark one trusted, or block it from your offers (docs/decisions/0087-marketplace-reputation.md).
 */
export function PartnersPage({ title = 'Trade Partners' }: { title?: string }) {
  const [mode] = useMode();
  const partners = usePartners();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          The businesses you have traded with in <strong>{mode} mode</strong>, latest first. A business you block cannot open trades on your offers.
        </p>
      </div>
      <QueryState
        query={partners}
        loading="Loading your trade partners…"
        failure="Your trade partners could not be loaded."
        empty={(data) => (data.partners.length === 0 ? { icon: HandshakeIcon, title: 'No trade partners yet', text: 'Businesses you trade with on the marketplace appear here.' } : null)}
      >
        {(data) => (
          <ul aria-label="Trade partners" className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {data.partners.map((partner) => (
              <PartnerRow key={partner.id} partner={partner} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function PartnerRow({ partner }: { partner: Partner }) {
  const mark = useMarkPartner();
  const set = (to: PartnerMark | null) =>
    mark.mutate(
      { id: partner.id, mark: to },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(errorMessage(error, 'The mark could not be saved.')) },
    );
  return (
    <li aria-label={partner.name} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-semibold text-slate-900">{partner.name}</span>
          {partner.tag ? <span className="text-xs text-slate-500">@{partner.tag}</span> : null}
          {partner.mark ? <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${markStyles[partner.mark]}`}>{partner.mark}</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          {partner.trades} {partner.trades === 1 ? 'trade' : 'trades'}, {partner.completed} completed · last {formatDateTime(partner.lastTradeAt)}
        </p>
        <p className="text-xs text-slate-600">
          Volume: {partner.volume.length === 0 ? 'none completed yet' : partner.volume.map((v) => showAmount(v.asset, v.amount)).join(', ')}
        </p>
        <p className="text-xs text-slate-600">
          Their feedback on you: {partner.positive} positive, {partner.negative} negative
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {partner.mark === 'trusted' ? null : (
          <Button variant="secondary" size="sm" disabled={mark.isPending} onClick={() => set('trusted')} aria-label={`Trust ${partner.name}`}>
            Trust
          </Button>
        )}
        {partner.mark === 'blocked' ? null : (
          <Button variant="secondary" size="sm" disabled={mark.isPending} onClick={() => set('blocked')} aria-label={`Block ${partner.name}`}>
            Block
          </Button>
        )}
        {partner.mark ? (
          <Button variant="secondary" size="sm" disabled={mark.isPending} onClick={() => set(null)} aria-label={`Clear the mark on ${partner.name}`}>
            {partner.mark === 'blocked' ? 'Unblock' : 'Remove trust'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
