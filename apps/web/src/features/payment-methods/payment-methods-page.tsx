import {
  foreignCurrencies,
  paymentMethodKindLabels,
  type AddPaymentMethodRequest,
  type PaymentMethod,
} from '@fipay/contracts/payment-methods';
import LandmarkIcon from 'lucide-react/icons/landmark';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { formatDateTime } from '../../lib/format-time';
import { useMode } from '../../stores/mode-store';
import { useAddPaymentMethod, useNigerianBanks, usePaymentMethods, useRemovePaymentMethod, useSendPaymentMethodCode } from './api/payment-methods';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { SecondFactorField, useSecondFactor } from '../../components/second-factor-field';

const hours = (seconds: number) => (seconds % 3600 === 0 ? `${seconds / 3600} hours` : `${Math.round(seconds / 60)} minutes`);

/** Where the account is held, as the list shows it. */
function bankLine(method: PaymentMethod): string {
  switch (method.kind) {
    case 'ng_bank_account':
      return method.bankName ?? method.bankCode;
    case 'iban':
      return `BIC ${method.bankCode}`;
    case 'gb_account':
      return `Sort code ${method.bankCode.replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3')}`;
    case 'us_account':
      return `Routing ${method.bankCode}`;
  }
}

/** '/dashboard/payment-methods': the accounts withdrawals can go to, in the current mode; add and remove them. */
export function PaymentMethodsPage() {
  const [mode] = useMode();
  const methods = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const list = methods.data?.paymentMethods ?? [];
  const coolingOff = hours(methods.data?.coolingOffSeconds ?? 86_400);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Payment Methods</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            The bank accounts your <strong>{mode} mode</strong> withdrawals can go to. A new account can receive money {coolingOff} after it is
            added; one held in another name than your business's waits for our review.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>Add payment method</Button>
      </div>

      <QueryState
        query={methods}
        loading="your payment methods"
        failure="We could not load your payment methods."
        empty={() =>
          list.length === 0
            ? { icon: LandmarkIcon, title: `No ${mode} mode payment methods yet`, text: 'Add a Nigerian or a foreign bank account to withdraw to.' }
            : null
        }
      >
        {() => (
          <section aria-label={`${mode === 'live' ? 'Live' : 'Test'} mode payment methods`} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <ul className="divide-y divide-slate-200">
              {list.map((method) => (
                <li key={method.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                      {paymentMethodKindLabels[method.kind]} · {method.currency}
                      <StatusBadge
                        kind="paymentMethod"
                        status={method.status}
                        {...(method.status === 'cooling_off' ? { detail: formatDateTime(method.usableFrom) } : {})}
                      />
                    </p>
                    <p className="text-sm break-words text-slate-700">{method.accountName}</p>
                    <p className="text-sm text-slate-600">
                      {bankLine(method)} · <code className="font-mono">{method.accountNumber}</code>
                    </p>
                    {method.status === 'needs_review' && (
                      <p className="text-xs text-slate-500">The account name is not your business name: it can receive money once a reviewer has checked it.</p>
                    )}
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setRemoving(method)} aria-label={`Remove ${paymentMethodKindLabels[method.kind]} ${method.accountNumber}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </QueryState>

      <AddMethodDialog open={adding} onClose={() => setAdding(false)} />
      <RemoveMethodDialog method={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

type Tab = 'nigerian' | 'foreign';
type ForeignKind = 'iban' | 'gb_account' | 'us_account';
type AddForm = {
  bankCode: string;
  accountNumber: string;
  foreignKind: ForeignKind;
  iban: string;
  bic: string;
  currency: (typeof foreignCurrencies)[number];
  sortCode: string;
  routingNumber: string;
  accountName: string;
  code: string;
};
const emptyForm: AddForm = { bankCode: '', accountNumber: '', foreignKind: 'iban', iban: '', bic: '', currency: 'EUR', sortCode: '', routingNumber: '', accountName: '', code: '' };

function requestOf(tab: Tab, values: AddForm): AddPaymentMethodRequest {
  const code = values.code ? { code: values.code } : {};
  if (tab === 'nigerian') return { kind: 'ng_bank_account', bankCode: values.bankCode, accountNumber: values.accountNumber, ...code };
  switch (values.foreignKind) {
    case 'iban':
      return { kind: 'iban', iban: values.iban, bic: values.bic, accountName: values.accountName, currency: values.currency, ...code };
    case 'gb_account':
      return { kind: 'gb_account', sortCode: values.sortCode, accountNumber: values.accountNumber, accountName: values.accountName, ...code };
    case 'us_account':
      return { kind: 'us_account', routingNumber: values.routingNumber, accountNumber: values.accountNumber, accountName: values.accountName, ...code };
  }
}

function AddMethodDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('nigerian');
  const add = useAddPaymentMethod();
  const banks = useNigerianBanks(open);
  const sendCode = useSendPaymentMethodCode();
  const factor = useSecondFactor(open, sendCode);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<AddForm>({ defaultValues: emptyForm });
  const [failure, setFailure] = useState<string | null>(null);
  const foreignKind = useWatch({ control, name: 'foreignKind' });
  const errors = formState.errors;

  function close() {
    reset(emptyForm);
    setFailure(null);
    setTab('nigerian');
    onClose();
  }

  async function submit(values: AddForm) {
    setFailure(null);
    try {
      const answer = await add.mutateAsync(requestOf(tab, values));
      toast.success(answer.message);
      close();
    } catch (error) {
      const fields = ['bankCode', 'accountNumber', 'iban', 'bic', 'currency', 'sortCode', 'routingNumber', 'accountName', 'code'] as const;
      if (!applyServerErrors(setError, error, fields, { focus: true })) setFailure(errorMessage(error, 'The payment method could not be added.'));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add payment method"
      description={<p>Withdrawals can go to this account once its cooling-off period is over.</p>}
      body={
        <form id="add-method-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
          <SegmentedTabs label="Account" options={[['nigerian', 'Nigerian'], ['foreign', 'Foreign']] as const} value={tab} onChange={setTab} />
          {failure && <Alert tone="error">{failure}</Alert>}
          {tab === 'nigerian' ? (
            <>
              <SelectField label="Bank" {...register('bankCode')} error={errors.bankCode?.message} disabled={banks.isPending}>
                <option value="">{banks.isPending ? 'Loading banks…' : 'Choose the bank'}</option>
                {(banks.data ?? []).map((bank) => (
                  <option key={bank.code} value={bank.code}>
                    {bank.bank_name}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Account number"
                hint="10 digits. We look up the name on the account with the bank."
                inputMode="numeric"
                {...register('accountNumber')}
                error={errors.accountNumber?.message}
              />
            </>
          ) : (
            <>
              <SelectField label="Account type" {...register('foreignKind')}>
                <option value="iban">IBAN and BIC</option>
                <option value="gb_account">UK sort code and account number</option>
                <option value="us_account">US routing and account number</option>
              </SelectField>
              <TextField label="Account holder name" autoComplete="off" {...register('accountName')} error={errors.accountName?.message} />
              {foreignKind === 'iban' && (
                <>
                  <TextField label="IBAN" autoComplete="off" {...register('iban')} error={errors.iban?.message} />
                  <TextField label="BIC (SWIFT code)" autoComplete="off" {...register('bic')} error={errors.bic?.message} />
                  <SelectField label="Currency" {...register('currency')} error={errors.currency?.message}>
                    {foreignCurrencies.map((currency) => (
                      <option key={currency} value={currency}>
                        {currency}
                      </option>
                    ))}
                  </SelectField>
                </>
              )}
              {foreignKind === 'gb_account' && (
                <>
                  <TextField label="Sort code" hint="6 digits, e.g. 20-00-00." inputMode="numeric" {...register('sortCode')} error={errors.sortCode?.message} />
                  <TextField label="Account number" hint="8 digits." inputMode="numeric" {...register('accountNumber')} error={errors.accountNumber?.message} />
                </>
              )}
              {foreignKind === 'us_account' && (
                <>
                  <TextField label="Routing number" hint="The 9-digit ABA routing number." inputMode="numeric" {...register('routingNumber')} error={errors.routingNumber?.message} />
                  <TextField label="Account number" inputMode="numeric" {...register('accountNumber')} error={errors.accountNumber?.message} />
                </>
              )}
            </>
          )}
          <SecondFactorField factor={factor} {...register('code')} error={errors.code?.message} />
        </form>
      }
    >
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button type="submit" form="add-method-form" disabled={formState.isSubmitting}>
        Add account
      </Button>
    </Dialog>
  );
}

function RemoveMethodDialog({ method, onClose }: { method: PaymentMethod | null; onClose: () => void }) {
  const remove = useRemovePaymentMethod();
  const sendCode = useSendPaymentMethodCode();
  const factor = useSecondFactor(method !== null, sendCode);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    reset();
    setFailure(null);
    onClose();
  }

  async function submit(values: { code: string }) {
    if (!method) return;
    setFailure(null);
    try {
      await remove.mutateAsync({ id: method.id, ...(values.code ? { code: values.code } : {}) });
      toast.success('Payment method removed.');
      close();
    } catch (error) {
      if (!applyServerErrors(setError, error, ['code'], { focus: true })) setFailure(errorMessage(error, 'The payment method could not be removed.'));
    }
  }

  return (
    <Dialog
      open={method !== null}
      onClose={close}
      title="Remove payment method"
      description={
        method && (
          <p>
            Withdrawals can no longer go to {method.accountName}, {bankLine(method)} <span className="font-mono">{method.accountNumber}</span>. Adding it again starts a new
            cooling-off period.
          </p>
        )
      }
      body={
        <form id="remove-method-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <SecondFactorField factor={factor} {...register('code')} error={formState.errors.code?.message} />
        </form>
      }
    >
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button type="submit" form="remove-method-form" disabled={formState.isSubmitting} data-autofocus>
        Remove
      </Button>
    </Dialog>
  );
}
