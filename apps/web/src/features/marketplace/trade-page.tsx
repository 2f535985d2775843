import type { TradeView } from '@fipay/contracts/marketplace';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge } from '../../components/ui/status-badge';
import { guidePath, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { shownAmount } from '../../lib/asset-amounts';
import { useTrade, useTradeAction, type TradeAction } from './api/marketplace';
import { TradeChat } from './chat/trade-chat';
import { DisputePanel } from './dispute/dispute-panel';
import { TradeFeedback } from './feedback/trade-feedback';
import { methodLabel, shownPrice } from './present';

/** '/dashboard/trades/:tradeId': one trade, what it waits for, and the step the viewing side can take now. */
export function TradePage() {
  const { tradeId = '' } = useParams();
  // Whether the trade's chat stream is open: its events then bring every change, and the page polls only as a safety net.
  const [live, setLive] = useState(false);
  const trade = useTrade(tradeId, live);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={paths.trades} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" /> Trade History
      </Link>
      <QueryState query={trade} loading="Loading the trade…" failure="We could not load this trade.">
        {(data) => <TradeView trade={data} onLiveChange={setLive} />}
      </QueryState>
      <p className="text-sm text-slate-600"><Link to={guidePath('staying-safe-p2p')} className="font-medium text-brand-700 hover:underline">Learn how to trade safely</Link>: release only when the money is in your own account.</p>
    </div>
  );
}

/** The time now, again every second while a timer shows. */
function useNow(ticking: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

/** What is left until `iso` as "12:05" (or "1:02:05"); "0:00" once it has passed. */
export function timeLeft(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

type Confirm = { action: TradeAction; title: string; text: string; button: string };

function TradeView({ trade, onLiveChange }: { trade: TradeView; onLiveChange: (live: boolean) => void }) {
  const buyer = trade.role === 'buyer';
  const act = useTradeAction(trade.id);
  const [confirming, setConfirming] = useState<Confirm | null>(null);
  const timed = trade.status === 'awaiting_payment' || trade.status === 'paid';
  const now = useNow(timed);
  const receives = BigInt(trade.amount) - BigInt(trade.buyerFee);
  const sends = BigInt(trade.amount) + BigInt(trade.sellerFee);
  const fiat = shownAmount(trade.fiat, trade.fiatAmount);
  const asset = shownAmount(trade.asset, trade.amount);
  const other = trade.counterparty.name + (trade.counterparty.tag ? ` (@${trade.counterparty.tag})` : '');

  async function run({ action }: Confirm | { action: TradeAction }) {
    try {
      const answer = await act.mutateAsync(action);
      toast.success(answer.message);
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error, 'The trade did not change.'));
      setConfirming(null);
    }
  }

  const rows: [string, string][] = [
    [buyer ? 'Seller' : 'Buyer', other],
    ['Price', shownPrice(trade.fiat, trade.asset, trade.price)],
    [buyer ? 'You pay' : 'You receive', fiat],
    [buyer ? 'You receive' : 'You send', shownAmount(trade.asset, buyer ? receives : sends)],
    ['Your fee', shownAmount(trade.asset, buyer ? trade.buyerFee : trade.sellerFee)],
    ['Payment', methodLabel(trade.method)],
    ['Opened', formatDateTime(trade.createdAt)],
    ...(trade.paidAt ? ([['Marked paid', formatDateTime(trade.paidAt)]] as [string, string][]) : []),
    ...(trade.endedAt ? ([['Ended', formatDateTime(trade.endedAt)]] as [string, string][]) : []),
  ];

  const askCancel: Confirm = {
    action: 'cancel',
    title: 'Ask to cancel?',
    text: `Once a trade is paid, it is cancelled only when both sides ask. The ${trade.asset} then goes back to the seller.`,
    button: 'Ask to cancel',
  };
  const dispute: Confirm = { action: 'dispute', title: 'Open a dispute?', text: 'A FiPay agent looks at the trade, the chat and both statements, and decides where the escrow goes.', button: 'Open dispute' };
  const buyerMayDispute = trade.releaseBy !== null && Date.parse(trade.releaseBy) <= now;

  let step: ReactNode;
  if (trade.status === 'awaiting_payment') {
    step = buyer ? (
      <Step title={`Pay ${fiat} within ${timeLeft(trade.payBy!, now)}`} tone="info">
        {trade.payTo && <PayTo payTo={trade.payTo} amount={fiat} />}
        <p>Pay from your business's own account: payments from someone else's account can be refused. Then mark the trade paid.</p>
        <Actions>
          <Button onClick={() => setConfirming({ action: 'paid', title: 'Have you paid?', text: `Mark paid only once ${fiat} has left your account for the seller's. This cannot be undone.`, button: 'I have paid' })}>I have paid</Button>
          <Button variant="secondary" onClick={() => setConfirming({ action: 'cancel', title: 'Cancel this trade?', text: `The ${trade.asset} goes back to the seller. Do not cancel if you have already paid.`, button: 'Cancel trade' })}>
            Cancel trade
          </Button>
        </Actions>
      </Step>
    ) : (
      <Step title="Waiting for the buyer's payment" tone="info">
        <p>
          {asset} is in escrow. The buyer has {timeLeft(trade.payBy!, now)} to pay {fiat}
          {trade.payTo ? ` into ${trade.payTo.accountName} · ${trade.payTo.accountNumber}` : ''}; if it does not, the trade is cancelled and the escrow comes back to you.
        </p>
      </Step>
    );
  } else if (trade.status === 'paid') {
    step = buyer ? (
      <Step title="Waiting for the seller to release" tone="info">
        <p>
          You marked the trade paid. The seller has {timeLeft(trade.releaseBy!, now)} to release; after that, the trade goes to a FiPay agent by itself. The escrow is never
          released without the seller or an agent.
        </p>
        {trade.buyerAskedCancel && <p className="font-medium">You asked to cancel; the seller has not agreed yet.</p>}
        {trade.sellerAskedCancel && <p className="font-medium">The seller asked to cancel. Agree only if your payment came back.</p>}
        <Actions>
          {!trade.buyerAskedCancel && (
            <Button variant="secondary" onClick={() => setConfirming(askCancel)}>
              {trade.sellerAskedCancel ? 'Agree to cancel' : 'Ask to cancel'}
            </Button>
          )}
          <Button variant="secondary" disabled={!buyerMayDispute} onClick={() => setConfirming(dispute)}>
            Open dispute
          </Button>
        </Actions>
      </Step>
    ) : (
      <Step title={`The buyer says it paid ${fiat}`} tone="warning">
        <p>Check that {fiat} is in your account, from the buyer's own account, before you release. Release within {timeLeft(trade.releaseBy!, now)}.</p>
        {trade.sellerAskedCancel && <p className="font-medium">You asked to cancel; the buyer has not agreed yet.</p>}
        {trade.buyerAskedCancel && <p className="font-medium">The buyer asked to cancel.</p>}
        <Actions>
          <Button onClick={() => setConfirming({ action: 'release', title: `Release ${asset}?`, text: `Only if ${fiat} is in your account. The ${trade.asset} goes to the buyer at once and cannot come back.`, button: 'Release' })}>
            Release {trade.asset}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(dispute)}>
            Open dispute
          </Button>
          {!trade.sellerAskedCancel && (
            <Button variant="ghost" onClick={() => setConfirming(askCancel)}>
              {trade.buyerAskedCancel ? 'Agree to cancel' : 'Ask to cancel'}
            </Button>
          )}
        </Actions>
      </Step>
    );
  } else if (trade.status === 'disputed') {
    step = (
      <Step title="In dispute" tone="warning">
        <p>
          {disputeOpener(trade, other)} An agent looks at the chat and both statements and decides where the escrow goes. The {trade.asset} stays in escrow until
          then.
        </p>
        {!buyer && (
          <Actions>
            <Button variant="secondary" onClick={() => setConfirming({ action: 'release', title: `Release ${asset}?`, text: 'Releasing ends the dispute: the buyer gets the asset.', button: 'Release' })}>
              Release {trade.asset} after all
            </Button>
          </Actions>
        )}
      </Step>
    );
  } else {
    step = <Step title={endTitle(trade)} tone={trade.status === 'cancelled' ? 'info' : 'success'}>{endText(trade)}</Step>;
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {buyer ? 'Buying' : 'Selling'} {asset}
          </h1>
          <p className="text-sm text-slate-600">
            {buyer ? 'from' : 'to'} {other} · {trade.livemode ? 'live' : 'test'} mode
          </p>
        </div>
        <StatusBadge kind="trade" status={trade.status} />
      </div>
      {step}
      <section aria-label="Trade details" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <dl className="divide-y divide-slate-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-4 py-2.5 sm:px-5">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DisputePanel tradeId={trade.id} />
      {(trade.status === 'completed' || trade.status === 'resolved') && <TradeFeedback tradeId={trade.id} />}
      {trade.method !== 'fipay_balance' && <TradeChat tradeId={trade.id} onLiveChange={onLiveChange} />}
      {confirming && (
        <Dialog open onClose={() => setConfirming(null)} title={confirming.title} description={confirming.text}>
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Not now
            </Button>
            <Button data-autofocus onClick={() => void run(confirming)} disabled={act.isPending}>
              {act.isPending ? 'Working…' : confirming.button}
            </Button>
          </>
        </Dialog>
      )}
    </div>
  );
}

/** Who sent the trade to dispute, as the viewing side reads it: itself, the other side by its role and name, or the timer. */
function disputeOpener(trade: TradeView, other: string): string {
  if (trade.disputedBy === 'system') return 'The release window ran out, so the trade went to a FiPay agent.';
  if (trade.disputedBy === trade.role) return 'You opened a dispute.';
  return `The ${trade.role === 'buyer' ? 'seller' : 'buyer'}, ${other}, opened a dispute.`;
}

function endTitle(trade: TradeView): string {
  if (trade.status === 'completed') return 'Completed';
  if (trade.status === 'cancelled') return 'Cancelled';
  return 'Resolved by a FiPay agent';
}

function endText(trade: TradeView): string {
  const asset = shownAmount(trade.asset, trade.amount);
  if (trade.status === 'completed') return trade.method === 'fipay_balance' ? 'Paid from FiPay balance: both sides moved at once.' : `The seller released ${asset}.`;
  if (trade.status === 'cancelled') {
    const why = trade.cancelReason === 'timeout' ? 'the payment window ran out' : trade.cancelReason === 'both' ? 'both sides agreed' : 'the buyer cancelled';
    return `Cancelled because ${why}. The escrow went back to the seller.`;
  }
  if (trade.ruling === 'release') return `The agent released ${asset} to the buyer.`;
  if (trade.ruling === 'return') return `The agent returned ${asset} to the seller.`;
  return `The agent split the escrow: ${shownAmount(trade.asset, trade.rulingBuyerAmount ?? '0')} to the buyer, the rest back to the seller.`;
}

const stepTones = {
  info: 'border-brand-100 bg-brand-50 text-brand-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
} as const;

/** What the trade waits for. Not a live region: its timer changes every second and must not be read out each time. */
function Step({ title, tone, children }: { title: string; tone: keyof typeof stepTones; children: ReactNode }) {
  return (
    <section aria-label="What happens now" className={`space-y-2 rounded-2xl border px-4 py-4 text-sm sm:px-5 ${stepTones[tone]}`}>
      <h2 className="text-base font-semibold">{title}</h2>
      {typeof children === 'string' ? <p>{children}</p> : children}
    </section>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2 pt-1 sm:flex-row sm:flex-wrap">{children}</div>;
}

function PayTo({ payTo, amount }: { payTo: NonNullable<TradeView['payTo']>; amount: string }) {
  const rows: [string, string][] = [
    ['Amount', amount],
    ['Account name', payTo.accountName],
    ['Bank', payTo.bankName ?? payTo.bankCode],
    ['Account number', payTo.accountNumber],
  ];
  return (
    <dl className="rounded-lg border border-brand-100 bg-white text-slate-900">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-semibold break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
