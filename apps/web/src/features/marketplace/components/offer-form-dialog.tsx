import { assetCodes, type AssetCode } from '@fipay/contracts/assets';
import { MARGIN_BPS, MARKET_FIATS, PAYMENT_WINDOW_MINUTES, TERMS_MAX, tradeMethods, type CreateOfferRequest, type OfferSide, type TradeMethod } from '@fipay/contracts/marketplace';
import { tryParseAmount } from '@fipay/contracts/money';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses, SelectField, TextField } from '../../../components/ui/field';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePaymentMethods } from '../../../api/payment-methods';
import { useCreateOffer } from '../api/marketplace';
import { methodLabel } from '../present';

/** A margin typed as a percentage ("1.5", "-0.25") in basis points, exactly; null when it is not one. */
export function marginToBps(text: string): number | null {
  const match = /^([-+−]?)(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim().replace('%', ''));
  if (!match) return null;
  const bps = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  const signed = match[1] === '-' || match[1] === '−' ? -bps : bps;
  return signed < MARGIN_BPS.min || signed > MARGIN_BPS.max ? null : signed;
}

type Values = {
  side: OfferSide;
  asset: AssetCode;
  fiat: AssetCode;
  priceKind: 'fixed' | 'floating';
  price: string;
  margin: string;
  total: string;
  minTrade: string;
  maxTrade: string;
  methods: Partial<Record<TradeMethod, string>>;
  windowMinutes: string;
  terms: string;
  minCompletedTrades: string;
};

const start: Values = {
  side: 'sell',
  asset: 'USDT',
  fiat: 'NGN',
  priceKind: 'fixed',
  price: '',
  margin: '',
  total: '',
  minTrade: '',
  maxTrade: '',
  methods: { fipay_balance: '' },
  windowMinutes: String(PAYMENT_WINDOW_MINUTES.default),
  terms: '',
  minCompletedTrades: '0',
};

type Errors = Partial<Record<keyof Values | 'form', string>>;

/** Builds the request from what was typed, or the errors of the fields that are not right. */
function toRequest(values: Values): { body: CreateOfferRequest } | { errors: Errors } {
  const errors: Errors = {};
  const amount = (field: 'total' | 'minTrade' | 'maxTrade', asset: AssetCode) => {
    const parsed = tryParseAmount(asset, values[field], { allowZero: false });
    if (!parsed.ok) errors[field] = parsed.message;
    return parsed.ok ? parsed.amount.toString() : '';
  };
  const total = amount('total', values.asset);
  const minTrade = amount('minTrade', values.asset);
  const maxTrade = amount('maxTrade', values.asset);
  let price: string | undefined;
  let marginBps: number | undefined;
  if (values.priceKind === 'fixed') {
    const parsed = tryParseAmount(values.fiat, values.price, { allowZero: false });
    if (parsed.ok) price = parsed.amount.toString();
    else errors.price = parsed.message;
  } else {
    const bps = marginToBps(values.margin);
    if (bps === null) errors.margin = `A percentage between ${MARGIN_BPS.min / 100} and ${MARGIN_BPS.max / 100}, at most two decimals.`;
    else marginBps = bps;
  }
  const methods = Object.entries(values.methods).map(([method, paymentMethodId]) => ({
    method: method as TradeMethod,
    ...(values.side === 'sell' && method !== 'fipay_balance' && paymentMethodId ? { paymentMethodId } : {}),
  }));
  if (methods.length === 0) errors.methods = 'Accept at least one payment method.';
  const window = Number(values.windowMinutes);
  if (!Number.isInteger(window) || window < PAYMENT_WINDOW_MINUTES.min || window > PAYMENT_WINDOW_MINUTES.max) {
    errors.windowMinutes = `Between ${PAYMENT_WINDOW_MINUTES.min} and ${PAYMENT_WINDOW_MINUTES.max} minutes.`;
  }
  const minCompleted = Number(values.minCompletedTrades || '0');
  if (!Number.isInteger(minCompleted) || minCompleted < 0) errors.minCompletedTrades = 'A whole number, 0 or more.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      side: values.side,
      asset: values.asset,
      fiat: values.fiat,
      ...(price !== undefined ? { price } : {}),
      ...(marginBps !== undefined ? { marginBps } : {}),
      total,
      minTrade,
      maxTrade,
      methods,
      windowMinutes: window,
      ...(values.terms.trim() ? { terms: values.terms.trim() } : {}),
      minCompletedTrades: minCompleted,
    },
  };
}

/** Where a refusal's field errors show: the request's paths onto the form's fields. */
const serverFields: Record<string, keyof Values> = { price: 'price', marginBps: 'margin', total: 'total', minTrade: 'minTrade', maxTrade: 'maxTrade', methods: 'methods', fiat: 'fiat', windowMinutes: 'windowMinutes', terms: 'terms' };

/** Posting an offer: its side, asset and fiat, the price, the amounts, the methods and the terms. */
export function OfferFormDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Errors>({});
  // One key per attempt: kept while no answer came (a retry is the same post), new after a refusal (a new body).
  const [key, setKey] = useState(() => crypto.randomUUID());
  const create = useCreateOffer();
  const saved = usePaymentMethods();
  const accounts = (saved.data?.paymentMethods ?? []).filter((m) => m.currency === values.fiat && m.status === 'usable');
  const change = <K extends keyof Values>(field: K, value: Values[K]) => setValues((now) => ({ ...now, [field]: value }));

  async function submit() {
    const built = toRequest(values);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync({ body: built.body, idempotencyKey: key });
      toast.success('Offer posted.');
      onClose();
    } catch (error) {
      const placed: Errors = {};
      if (error instanceof ApiError) {
        setKey(crypto.randomUUID());
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          const field = serverFields[path.split('.')[0]!];
          if (field && !placed[field]) placed[field] = message;
        }
      }
      setErrors({ ...placed, form: errorMessage(error, 'The offer was not posted.') });
    }
  }

  const external = (method: TradeMethod) => method !== 'fipay_balance';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Post an offer"
      description="It shows on the marketplace at once. Selling locks nothing until a trade opens; then the amount traded waits in escrow."
      body={
      <form
        id="offer-form"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SegmentedTabs label="I want to" options={[['sell', 'Sell'], ['buy', 'Buy']] as const} value={values.side} onChange={(side) => change('side', side)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Asset"
            value={values.asset}
            onChange={(event) => {
              const asset = event.target.value as AssetCode;
              setValues((now) => ({ ...now, asset, fiat: now.fiat === asset ? (asset === 'NGN' ? 'USD' : 'NGN') : now.fiat }));
            }}
          >
            {assetCodes.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </SelectField>
          <SelectField label="Paid in" value={values.fiat} onChange={(event) => change('fiat', event.target.value as AssetCode)} error={errors.fiat}>
            {MARKET_FIATS.filter((code) => code !== values.asset).map((code) => (
              <option key={code}>{code}</option>
            ))}
          </SelectField>
        </div>
        <SegmentedTabs label="Price" options={[['fixed', 'Fixed price'], ['floating', 'Market rate + margin']] as const} value={values.priceKind} onChange={(kind) => change('priceKind', kind)} />
        {values.priceKind === 'fixed' ? (
          <TextField label={`Price (${values.fiat} per 1 ${values.asset})`} inputMode="decimal" autoComplete="off" value={values.price} onChange={(event) => change('price', event.target.value)} error={errors.price} />
        ) : (
          <TextField label="Margin over the market rate (%)" hint="1.5 prices 1.5% above the market rate, -1 below it." inputMode="decimal" autoComplete="off" value={values.margin} onChange={(event) => change('margin', event.target.value)} error={errors.margin} />
        )}
        <TextField label={`Amount offered (${values.asset})`} inputMode="decimal" autoComplete="off" value={values.total} onChange={(event) => change('total', event.target.value)} error={errors.total} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={`Least per trade (${values.asset})`} inputMode="decimal" autoComplete="off" value={values.minTrade} onChange={(event) => change('minTrade', event.target.value)} error={errors.minTrade} />
          <TextField label={`Most per trade (${values.asset})`} inputMode="decimal" autoComplete="off" value={values.maxTrade} onChange={(event) => change('maxTrade', event.target.value)} error={errors.maxTrade} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Payment methods</legend>
          {tradeMethods.map((method) => {
            const on = method in values.methods;
            return (
              <div key={method} className="space-y-2 rounded-lg border border-slate-200 p-3">
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={on}
                    onChange={(event) => {
                      const next = { ...values.methods };
                      if (event.target.checked) next[method] = '';
                      else delete next[method];
                      change('methods', next);
                    }}
                  />
                  {methodLabel(method)}
                </label>
                {on && external(method) && values.side === 'sell' && (
                  <SelectField label="The account buyers pay into" value={values.methods[method] ?? ''} onChange={(event) => change('methods', { ...values.methods, [method]: event.target.value })} hint={accounts.length === 0 ? `Save a usable ${values.fiat} account under Payment Methods first.` : undefined}>
                    <option value="">Choose an account</option>
                    {accounts.map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.accountName} · {account.bankName ?? account.bankCode} · {account.accountNumber}
                      </option>
                    ))}
                  </SelectField>
                )}
              </div>
            );
          })}
          {errors.methods && <p className="text-xs font-medium text-red-600">{errors.methods}</p>}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Payment window (minutes)" inputMode="numeric" value={values.windowMinutes} onChange={(event) => change('windowMinutes', event.target.value)} error={errors.windowMinutes} hint={`${PAYMENT_WINDOW_MINUTES.min} to ${PAYMENT_WINDOW_MINUTES.max}.`} />
          <TextField label="Completed trades the other side needs" inputMode="numeric" value={values.minCompletedTrades} onChange={(event) => change('minCompletedTrades', event.target.value)} error={errors.minCompletedTrades} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="offer-terms" className="block text-sm font-medium text-slate-700">
            Terms (optional)
          </label>
          <textarea id="offer-terms" rows={3} maxLength={TERMS_MAX} className={`${inputClasses} h-auto border-slate-300 py-2`} value={values.terms} onChange={(event) => change('terms', event.target.value)} />
          {errors.terms && <p className="text-xs font-medium text-red-600">{errors.terms}</p>}
        </div>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
      </form>
      }
    >
      <>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" form="offer-form" disabled={create.isPending}>
          {create.isPending ? 'Posting…' : 'Post offer'}
        </Button>
      </>
    </Dialog>
  );
}
