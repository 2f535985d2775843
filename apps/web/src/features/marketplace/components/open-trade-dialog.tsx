import { assetOf } from '@fipay/contracts/assets';
import { tryParseAmount } from '@fipay/contracts/money';
import type { OfferView, OpenTradeRequest, TradeMethod } from '@fipay/contracts/marketplace';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { tradePath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentMethods } from '../../../api/payment-methods';
import { shownAmount, shownUsd } from '../../../lib/asset-amounts';
import { useOpenTrade, useQuoteTrade } from '../api/marketplace';
import { methodLabel, shownPrice, tradeLimits } from '../present';

type Quote = Awaited<ReturnType<ReturnType<typeof useQuoteTrade>['mutateAsync']>>;

/**
 * Taking an offer: the amount and how to pay, then the trade as it would open (price, what each side pays and gets,
 * fees), then the trade itself. The confirmation carries one Idempotency-Key, so a doubled click opens one trade.
 */
/** An offer another business can take, as the marketplace or the favourites list it. */
export type TakeableOffer = OfferView & { priceNow: string; vendor: { name: string } };

export function OpenTradeDialog({ offer, onClose }: { offer: TakeableOffer; onClose: () => void }) {
  const buying = offer.side === 'sell';
  const verb = buying ? 'Buy' : 'Sell';
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<TradeMethod>(offer.methods[0]!.method);
  const [accountId, setAccountId] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [quoted, setQuoted] = useState<{ quote: Quote; body: OpenTradeRequest; key: string } | null>(null);
  const quote = useQuoteTrade();
  const open = useOpenTrade();
  const navigate = useNavigate();
  // Selling to a buying offer by bank transfer: the buyer pays into one of your saved accounts in the offer's fiat.
  const needsAccount = !buying && method !== 'fipay_balance';
  const saved = usePaymentMethods();
  const accounts = (saved.data?.paymentMethods ?? []).filter((m) => m.currency === offer.fiat && m.status === 'usable');

  async function check() {
    setFailure(null);
    const parsed = tryParseAmount(offer.asset, amount, { allowZero: false });
    if (!parsed.ok) {
      setAmountError(parsed.message);
      return;
    }
    setAmountError(null);
    const body: OpenTradeRequest = { offerId: offer.id, amount: parsed.amount.toString(), method, ...(needsAccount && accountId ? { paymentMethodId: accountId } : {}) };
    try {
      setQuoted({ quote: await quote.mutateAsync(body), body, key: crypto.randomUUID() });
    } catch (error) {
      setFailure(errorMessage(error, 'We could not price this trade.'));
    }
  }

  async function confirm() {
    if (!quoted) return;
    setFailure(null);
    try {
      const trade = await open.mutateAsync({ body: quoted.body, idempotencyKey: quoted.key });
      navigate(tradePath(trade.id));
    } catch (error) {
      setFailure(errorMessage(error, 'The trade was not opened.'));
    }
  }

  const q = quoted?.quote;
  const rows: [string, string][] = q
    ? [
        ['Price', shownPrice(q.fiat, q.asset, q.price)],
        [buying ? 'You pay' : 'You receive', shownAmount(q.fiat, q.fiatAmount)],
        [buying ? 'You receive' : 'You send', shownAmount(q.asset, buying ? BigInt(q.amount) - BigInt(q.buyerFee) : BigInt(q.amount) + BigInt(q.sellerFee))],
        ['Your fee', shownAmount(q.asset, buying ? q.buyerFee : q.sellerFee)],
        ['Worth about', shownUsd(q.usdCents)],
        ['Payment', methodLabel(q.method)],
      ]
    : [];

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={`${verb} ${offer.asset} from ${offer.vendor.name}`}
      description={
        q
          ? method === 'fipay_balance'
            ? 'Paid from your FiPay balance: both sides move at once and the trade is complete.'
            : buying
              ? `The seller's ${offer.asset} goes into escrow now. Pay within ${offer.windowMinutes} minutes, then mark the trade paid.`
              : `Your ${offer.asset} goes into escrow now. Release it once the buyer's payment is in your account.`
          : `${shownPrice(offer.fiat, offer.asset, offer.priceNow)}. Limits ${tradeLimits(offer)}.`
      }
      body={
        q ? (
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-right font-medium break-all text-slate-900">{value}</dd>
              </div>
            ))}
            {failure && (
              <div className="p-3">
                <Alert tone="error">{failure}</Alert>
              </div>
            )}
          </dl>
        ) : (
          <form
            id="open-trade"
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void check();
            }}
          >
            <TextField
              label={`Amount (${offer.asset})`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={assetOf(offer.asset).decimals > 2 ? '0.0' : '0.00'}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={amountError ?? undefined}
              data-autofocus
            />
            <SelectField label="Payment method" value={method} onChange={(event) => setMethod(event.target.value as TradeMethod)}>
              {offer.methods.map((m) => (
                <option key={m.method} value={m.method}>
                  {methodLabel(m.method)}
                </option>
              ))}
            </SelectField>
            {needsAccount && (
              <SelectField label="Your account the buyer pays into" value={accountId} onChange={(event) => setAccountId(event.target.value)} hint={accounts.length === 0 ? `Save a ${offer.fiat} account under Payment Methods first.` : undefined}>
                <option value="">Choose an account</option>
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.accountName} · {account.bankName ?? account.bankCode} · {account.accountNumber}
                  </option>
                ))}
              </SelectField>
            )}
            {offer.terms && (
              <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                <p className="font-medium text-slate-900">The vendor's terms</p>
                <p className="mt-1 whitespace-pre-line">{offer.terms}</p>
              </div>
            )}
            {failure && <Alert tone="error">{failure}</Alert>}
          </form>
        )
      }
    >
      <>
        <Button variant="secondary" onClick={q ? () => setQuoted(null) : onClose}>
          {q ? 'Back' : 'Cancel'}
        </Button>
        {q ? (
          <Button onClick={() => void confirm()} disabled={open.isPending}>
            {open.isPending ? 'Opening…' : `${verb} ${shownAmount(q.asset, q.amount)}`}
          </Button>
        ) : (
          <Button type="submit" form="open-trade" disabled={quote.isPending}>
            {quote.isPending ? 'Checking…' : 'Continue'}
          </Button>
        )}
      </>
    </Dialog>
  );
}
