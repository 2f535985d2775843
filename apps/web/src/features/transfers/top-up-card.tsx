import { tryParseAmount } from '@fipay/contracts/money';
import { formatNaira } from '@fipay/contracts/payments';
import { topUpMessages } from '@fipay/contracts/wallet';
import { walletEndpoints } from '@fipay/contracts/endpoints/wallet';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { callApi, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import type { Mode } from '@fipay/contracts/developers';

/** The smallest and largest top-up, in kobo (the checkout's range for any naira payment). */
const MIN_KOBO = 10_000n;
const MAX_KOBO = 1_000_000_000n;

type Form = { amount: string };

/**
 * Top up the NGN wallet (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md): the amount typed is read
 * exactly in kobo (a bigint; never a float), the API starts a top-up of the company itself, and the browser goes to the
 * hosted checkout, which brings it back to the NGN wallet once paid.
 */
export function TopUpCard({ mode, go = (url) => window.location.assign(url) }: { mode: Mode; go?: (url: string) => void }) {
  const headingId = useId();
  const form = useForm<Form>({ defaultValues: { amount: '' } });
  // One key per top-up the person means: a double click or a retry starts one checkout, not two.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const start = useMutation({
    mutationFn: async ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      (await callApi(walletEndpoints.topUp, { body: { amount }, idempotencyKey })).data,
  });

  // Opened as '#top-up' (the NGN statement's 'Top up'): brought into view with its field ready.
  useEffect(() => {
    if (window.location.hash !== '#top-up') return;
    document.getElementById('top-up')?.scrollIntoView?.({ block: 'start' });
    form.setFocus('amount');
  }, [form]);

  async function submit({ amount }: Form) {
    const parsed = tryParseAmount('NGN', amount);
    if (!parsed.ok) {
      form.setError('amount', { type: 'parse', message: parsed.message }, { shouldFocus: true });
      return;
    }
    if (parsed.amount < MIN_KOBO || parsed.amount > MAX_KOBO) {
      form.setError('amount', { type: 'range', message: topUpMessages.amountRange }, { shouldFocus: true });
      return;
    }
    try {
      // At most ₦10,000,000 in kobo (10^9): exact as a Number, which the naira endpoints take.
      const made = await start.mutateAsync({ amount: Number(parsed.amount), idempotencyKey: key });
      setKey(crypto.randomUUID());
      go(made.authorizationUrl);
    } catch (error) {
      setKey(crypto.randomUUID());
      if (!applyServerErrors(form.setError, error, ['amount'], { focus: true })) {
        form.setError('amount', { type: 'server', message: errorMessage(error, 'The top-up could not be started.') });
      }
    }
  }

  return (
    <section id="top-up" aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Top up with card or bank transfer
        </h2>
        <p className="text-sm text-slate-600">
          Pay your own NGN wallet on FiPay&apos;s checkout. The usual payment fee is taken, and the rest reaches your wallet as a payment does: pending first,
          then available when it settles.
          {mode === 'test' && ' In test mode, pay with a test card: no real money moves.'}
        </p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <TextField
            label="Amount (NGN)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="50,000.00"
            hint={`From ${formatNaira(Number(MIN_KOBO))} to ${formatNaira(Number(MAX_KOBO))}.`}
            {...form.register('amount', { required: 'Enter an amount.' })}
            error={form.formState.errors.amount?.message}
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Opening checkout…' : 'Continue to checkout'}
        </Button>
      </form>
    </section>
  );
}
