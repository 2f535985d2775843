import { cardRequest, otpRequest, paymentMessages, SANDBOX_OTP, testCards, type Checkout } from '@fipay/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import BuildingIcon from 'lucide-react/icons/landmark';
import CheckIcon from 'lucide-react/icons/check';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import CopyIcon from 'lucide-react/icons/copy';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import XCircleIcon from 'lucide-react/icons/circle-x';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { generatePath, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../config/paths';
import { formatDateTime, formatLagosDateTime } from '../../lib/format-time';
import { applyServerErrors } from '../../lib/server-errors';
import { formatNaira } from './money';
import { useCheckout, useCheckoutStep } from './api/checkout';
import { PublicFrame, PublicLoadFailure } from './components/public-frame';

type Notice = { tone: 'error' | 'info'; text: string } | null;

export function CheckoutRoute() {
  // The checkout's access code: the address the customer was sent to (the payment's reference finds nothing).
  const { code = '' } = useParams();
  const checkout = useCheckout(code);
  if (checkout.isPending) return <PageSpinner />;
  if (checkout.isError) {
    return (
      <PublicLoadFailure
        error={checkout.error}
        notFound={{ title: 'Payment not found', text: 'Check the link the business sent you, or start the payment again from its page.' }}
      />
    );
  }
  return <CheckoutView checkout={checkout.data} code={code} />;
}

function CheckoutView({ checkout, code }: { checkout: Checkout; code: string }) {
  return (
    <PublicFrame business={checkout.business} livemode={checkout.livemode}>
      {checkout.status === 'success' ? (
        <Receipt checkout={checkout} />
      ) : checkout.status === 'pending' && checkout.provider === 'paystack' ? (
        <Confirming checkout={checkout} />
      ) : checkout.status === 'pending' ? (
        <Pay checkout={checkout} code={code} />
      ) : (
        <Closed checkout={checkout} />
      )}
    </PublicFrame>
  );
}

function Summary({ checkout }: { checkout: Checkout }) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4 border-b border-slate-100 pb-4">
      <div className="min-w-0 text-left">
        <p className="text-xs text-slate-500">Paying as</p>
        <p className="truncate text-sm font-medium text-slate-800">{checkout.email}</p>
      </div>
      <p className="shrink-0 text-2xl font-bold tracking-tight text-slate-900">{formatNaira(checkout.amount)}</p>
    </div>
  );
}

function Pay({ checkout, code }: { checkout: Checkout; code: string }) {
  const [method, setMethod] = useState<'card' | 'bank_transfer'>(checkout.step === 'bank_transfer' ? 'bank_transfer' : 'card');
  const [notice, setNotice] = useState<Notice>(null);
  const step = useCheckoutStep(code);
  const run = async (...args: Parameters<typeof step.mutateAsync>) => {
    setNotice(null);
    const done = await step.mutateAsync(...args);
    const after = done.checkout;
    // Declined: still open, nothing waiting; the server's message says why and what to do.
    if (after.status === 'pending' && after.step === null) setNotice({ tone: 'error', text: done.message });
    return done;
  };

  return (
    <div>
      <Summary checkout={checkout} />
      {checkout.step === 'otp' ? (
        <OtpForm run={run} />
      ) : (
        <>
          <div role="tablist" aria-label="Payment method" className="mb-5 grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-1">
            {(
              [
                ['card', 'Card', CreditCardIcon],
                ['bank_transfer', 'Bank transfer', BuildingIcon],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={method === value}
                onClick={() => setMethod(value)}
                className={`flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ${method === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
              </button>
            ))}
          </div>
          {notice && (
            <div className="mb-4">
              <Alert tone={notice.tone}>{notice.text}</Alert>
            </div>
          )}
          {method === 'card' ? <CardForm checkout={checkout} run={run} /> : <BankTransfer checkout={checkout} run={run} />}
        </>
      )}
    </div>
  );
}

type Run = (step: Parameters<ReturnType<typeof useCheckoutStep>['mutateAsync']>[0]) => Promise<{ checkout: Checkout; message: string }>;

function CardForm({ checkout, run }: { checkout: Checkout; run: Run }) {
  const { register, handleSubmit, setError, setValue, formState } = useForm<z.input<typeof cardRequest>, unknown, z.output<typeof cardRequest>>({
    resolver: zodResolver(cardRequest),
    defaultValues: { number: '', expiry: '', cvv: '' },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(card: z.output<typeof cardRequest>) {
    setFailure(null);
    try {
      await run({ kind: 'card', card: { number: card.number, expiry: card.expiry.replace(/\s/g, ''), cvv: card.cvv } });
    } catch (error) {
      if (!applyServerErrors(setError, error, ['number', 'expiry', 'cvv'])) setFailure(errorMessage(error, 'The payment could not be made. Try again.'));
    }
  }

  const fillTestCard = (number: string) => {
    setValue('number', number.replace(/(\d{4})(?=\d)/g, '$1 '));
    setValue('expiry', '12/30');
    setValue('cvv', '123');
  };

  return (
    <div className="space-y-6">
      {failure && <Alert tone="error">{failure}</Alert>}
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="0000 0000 0000 0000" error={errors.number?.message} {...register('number')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Expiry (MM/YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" error={errors.expiry?.message} {...register('expiry')} />
          <TextField label="CVV" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={3} error={errors.cvv?.message} {...register('cvv')} />
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Paying...' : `Pay ${formatNaira(checkout.amount)}`}
        </Button>
        {checkout.attemptsLeft < 3 && <p className="text-center text-xs text-slate-500">{checkout.attemptsLeft} {checkout.attemptsLeft === 1 ? 'try' : 'tries'} left</p>}
      </form>
      {!checkout.livemode && (
        <section aria-labelledby="test-cards" className="rounded-lg border border-dashed border-slate-300 p-4">
          <h2 id="test-cards" className="text-sm font-semibold text-slate-800">
            Test cards
          </h2>
          <p className="mt-1 text-xs text-slate-500">Any future expiry date and any 3-digit CVV. OTP: {SANDBOX_OTP}.</p>
          <ul className="mt-3 space-y-2">
            {testCards.map((card) => (
              <li key={card.number} className="flex items-center justify-between gap-3 text-xs">
                <span className="min-w-0">
                  <span className="block font-mono text-slate-800">{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</span>
                  <span className="text-slate-500">{card.description}</span>
                </span>
                <button type="button" className={buttonClasses('secondary', 'shrink-0', 'sm')} onClick={() => fillTestCard(card.number)}>
                  Use
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function OtpForm({ run }: { run: Run }) {
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof otpRequest>, unknown, z.output<typeof otpRequest>>({
    resolver: zodResolver(otpRequest),
    defaultValues: { otp: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  async function submit({ otp }: z.output<typeof otpRequest>) {
    setFailure(null);
    try {
      await run({ kind: 'otp', otp });
    } catch (error) {
      if (!applyServerErrors(setError, error, ['otp'])) setFailure(errorMessage(error, 'The OTP could not be checked. Try again.'));
    }
  }
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-4">
      <Alert tone="info">{paymentMessages.otpSent}</Alert>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField label="OTP" inputMode="numeric" autoComplete="one-time-code" autoFocus error={formState.errors.otp?.message} hint={`Test mode: ${SANDBOX_OTP}`} {...register('otp')} />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Checking...' : 'Complete payment'}
      </Button>
    </form>
  );
}

function BankTransfer({ checkout, run }: { checkout: Checkout; run: Run }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (kind: 'bank-transfer' | 'simulate') => {
    setBusy(true);
    setFailure(null);
    try {
      await run({ kind });
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  const account = checkout.bankTransfer;
  return (
    <div className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {!account ? (
        <>
          <p className="text-sm text-slate-600">Pay from your bank app into an account made for this payment.</p>
          <Button className="w-full" disabled={busy} onClick={() => void act('bank-transfer')}>
            {busy ? 'Getting account...' : 'Get account details'}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">{paymentMessages.transferAccountShown}</p>
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            <div className="px-4 py-3">
              <dt className="text-slate-500">Account number</dt>
              <dd className="mt-1 flex items-center justify-between gap-3">
                {/* One tap selects the whole number where copying is not allowed. */}
                <span className="font-mono text-xl font-semibold tracking-wider text-slate-900 select-all">{account.accountNumber}</span>
                <CopyButton text={account.accountNumber} what="account number" />
              </dd>
            </div>
            {[
              ['Bank', account.bankName],
              ['Account name', account.accountName],
              ['Amount', formatNaira(checkout.amount)],
            ].map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-4 px-4 py-3">
                <dt className="shrink-0 text-slate-500">{label}</dt>
                <dd className="text-right font-medium text-slate-900">{value}</dd>
              </div>
            ))}
            <div className="flex items-center justify-between gap-4 px-4 py-3">
              <dt className="shrink-0 text-slate-500">Valid until</dt>
              <dd className="text-right font-medium text-slate-900">
                <time dateTime={account.expiresAt}>{formatLagosDateTime(account.expiresAt)}</time>{' '}
                <span className="font-normal whitespace-nowrap text-slate-500">(Lagos time)</span>
              </dd>
            </div>
          </dl>
          {!checkout.livemode && (
            <Button className="w-full" disabled={busy} onClick={() => void act('simulate')}>
              {busy ? 'Confirming...' : 'Simulate the transfer arriving'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** Whether the return address is this very page (no merchant callback), which would lead nowhere. */
function returnsHere(checkout: Checkout) {
  return new URL(checkout.returnUrl, window.location.href).pathname === window.location.pathname;
}

/** Copies `text`, says so on the button and to screen readers, and says what to do when the browser refuses. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${what}`}
        className={buttonClasses('secondary', 'shrink-0 gap-1.5', 'sm')}
      >
        {state === 'copied' ? <CheckIcon aria-hidden="true" className="h-4 w-4 text-emerald-600" /> : <CopyIcon aria-hidden="true" className="h-4 w-4" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? `The ${what} is copied.` : state === 'failed' ? `Copying did not work here. Select the ${what} and copy it.` : ''}
      </span>
    </>
  );
}

function Receipt({ checkout }: { checkout: Checkout }) {
  const ownPage = returnsHere(checkout);
  return (
    <div className="space-y-5 text-center">
      <CheckCircleIcon aria-hidden="true" className="mx-auto h-12 w-12 text-emerald-600" />
      <div className="space-y-1">
        <h1 className="text-xl font-bold text-slate-900">Payment successful</h1>
        <p className="text-3xl font-bold tracking-tight text-slate-900">{formatNaira(checkout.amount)}</p>
        <p className="text-sm text-slate-600">paid to {checkout.business.name}</p>
      </div>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-left text-sm">
        {[
          ['Reference', checkout.reference],
          ['Paid on', checkout.paidAt ? formatDateTime(checkout.paidAt) : ''],
          ['Method', checkout.channel === 'bank_transfer' ? 'Bank transfer' : 'Card'],
          // A test payment's receipt is emailed only to the business's own addresses (the server decides).
          [checkout.livemode ? 'Receipt sent to' : 'Email', checkout.email],
        ].map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 truncate text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {!ownPage && (
        <a href={checkout.returnUrl} className={buttonClasses('primary', 'w-full')}>
          Return to {checkout.business.name}
        </a>
      )}
    </div>
  );
}

/** Back from Paystack's page: the server asks Paystack on each look, and this page looks again every few seconds. */
function Confirming({ checkout }: { checkout: Checkout }) {
  return (
    <div className="space-y-4 text-center">
      <Summary checkout={checkout} />
      <Spinner className="mx-auto h-8 w-8" />
      <p className="text-sm text-slate-600">{paymentMessages.confirming}</p>
    </div>
  );
}

function Closed({ checkout }: { checkout: Checkout }) {
  return (
    <div className="space-y-4 text-center">
      <XCircleIcon aria-hidden="true" className="mx-auto h-12 w-12 text-red-600" />
      <h1 className="text-xl font-bold text-slate-900">{checkout.status === 'failed' ? 'Payment failed' : 'Payment closed'}</h1>
      <p className="text-sm text-slate-600">{checkout.status === 'failed' ? paymentMessages.tooManyAttempts : paymentMessages.checkoutClosed}</p>
      {checkout.gatewayResponse && checkout.status === 'failed' && <p className="text-xs text-slate-500">Last answer from the bank: {checkout.gatewayResponse}</p>}
      <WayBack checkout={checkout} />
    </div>
  );
}

/** Out of a closed payment: a new one from the link it came from, else back to the business's site, else words on what to do. */
function WayBack({ checkout }: { checkout: Checkout }) {
  const business = checkout.business.name || 'the business';
  if (checkout.paymentLink) {
    return (
      <ButtonLink to={generatePath(paths.pay, { slug: checkout.paymentLink.slug })} className="w-full">
        Start a new payment
      </ButtonLink>
    );
  }
  if (!returnsHere(checkout)) {
    return (
      <a href={checkout.returnUrl} className={buttonClasses('primary', 'w-full')}>
        Return to {business}
      </a>
    );
  }
  return <p className="text-sm font-medium text-slate-800">To pay, go back to {business} and start a new payment there.</p>;
}
