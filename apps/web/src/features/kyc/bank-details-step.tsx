import { kybMessages, type Bank } from '@fipay/contracts/kyb';
import { bankCurrencies } from '@fipay/contracts/kyb-options';
import { matchBusinessNames } from '@fipay/contracts/names';
import type { Application } from '@fipay/contracts/company';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { bankMessages, resolveAccount, useBanks, useSubmitKyb } from './api/bank';
import { useSavedApplication } from './api/saved-application';
import { BankCombobox } from './bank/bank-combobox';
import {
  ACCOUNT_NUMBER_LENGTH,
  bankFormSchema,
  BVN_LENGTH,
  findBank,
  firstMissingStep,
  type BankFormValues,
} from './bank/bank-form';
import { useKycLeaveOverride, useKycNavigation } from './kyc-navigation';
import { useChangeRequest } from './review-items';

const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

const ACCOUNT_NAME_NOTICE_ID = 'bank-account-name-notice';

/**
 * Said before submitting when the bank's name for the account is not the business's: the same
 * comparison the reviewer sees on the case. It does not block; a sole trader's account, for one,
 * may rightly carry another name.
 */
function AccountNameNotice({ companyName, result }: { companyName: string; result: 'partial' | 'mismatch' }) {
  return (
    <div id={ACCOUNT_NAME_NOTICE_ID}>
      <Alert tone="info">
        <p className="font-medium">
          {result === 'partial'
            ? `This account name is close to, but not the same as, your business name, ${companyName}.`
            : `This account name does not match your business name, ${companyName}.`}
        </p>
        <p>You can still submit. Our compliance team compares the two names when they review your business.</p>
      </Alert>
    </div>
  );
}

/** The saved bank details, or empty fields; the saved BVN comes back masked, so it is asked for again. */
function initialValues(saved: Application['bankDetails']): BankFormValues {
  return {
    currency: saved?.currency || bankCurrencies[0],
    bankName: saved?.bankName ?? '',
    accountNumber: saved?.accountNumber ?? '',
    accountName: saved?.accountName ?? '',
    bvn: '',
  };
}

/** Where the refusal's field errors go: the bank's code is chosen with its name. */
const serverErrorFields = {
  currency: 'currency',
  bankName: 'bankName',
  bankCode: 'bankName',
  accountNumber: 'accountNumber',
  accountName: 'accountName',
  bvn: 'bvn',
} as const;

export function BankDetailsStep() {
  const navigate = useNavigate();
  const { requestLeave } = useKycNavigation();
  const { banks, loading } = useBanks();
  const savedBank = useSavedApplication()?.bankDetails ?? null;
  const companyId = useAuthStore((state) => state.user?.companyId ?? state.company?.id ?? '');
  const companyName = useAuthStore((state) => state.company?.name ?? '');
  const submitKyb = useSubmitKyb();
  const schema = useMemo(() => bankFormSchema(banks), [banks]);
  const { control, register, handleSubmit, setValue, setError, clearErrors, formState } = useForm<BankFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(savedBank),
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control });
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<{ message: string; step: { title: string; path: string } | null } | null>(
    null,
  );
  const [resolving, setResolving] = useState(false);
  /** Why the last lookup failed; shown under the account number until the bank or number changes. */
  const [lookupError, setLookupError] = useState<string | null>(null);
  const lookup = useRef(0);
  const changes = useChangeRequest();
  const bankFlag = changes.itemFor('bank', 'bank');
  // While changes are requested, unflagged bank details stay as submitted; only the BVN is asked again.
  const bankLocked = changes.active && !bankFlag && savedBank !== null;
  // SPEC.md section 2: this step's own 'I'll do this later' goes straight to /dashboard.
  useKycLeaveOverride({ onClick: () => navigate(paths.dashboard), hideLink: true });

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  function setField(field: keyof BankFormValues, value: string) {
    setValue(field, value, { shouldDirty: true });
    clearErrors(field);
  }

  /** A name looked up for another bank or number no longer applies. */
  function forgetAccountName() {
    lookup.current += 1;
    setResolving(false);
    setLookupError(null);
    useKycStore.getState().setResolvedAccount(null);
    setValue('accountName', '');
  }

  function changeBank(text: string, bank?: Bank) {
    const before = findBank(banks, values.bankName ?? '');
    setField('bankName', bank ? bank.bank_name : text);
    const after = bank ?? findBank(banks, text);
    if (before?.code !== after?.code) forgetAccountName();
  }

  // SPEC.md section 4: the lookup runs when the account number loses focus, with a bank code and 10 characters.
  async function handleAccountNumberBlur() {
    const bank = findBank(banks, values.bankName ?? '');
    const accountNumber = values.accountNumber ?? '';
    if (!bank?.code || accountNumber.length !== ACCOUNT_NUMBER_LENGTH) return;
    const resolved = useKycStore.getState().resolvedAccount;
    if (resolved && resolved.bank_code === bank.code && resolved.account_number === accountNumber && values.accountName) {
      return;
    }
    const id = ++lookup.current;
    setResolving(true);
    setLookupError(null);
    try {
      const { data } = await resolveAccount(bank.code, accountNumber);
      if (id !== lookup.current) return;
      useKycStore.getState().setResolvedAccount(data);
      setValue('accountName', data.account_name);
      clearErrors(['accountNumber', 'accountName']);
    } catch (error) {
      if (id !== lookup.current) return;
      const message = errorMessage(error, kybMessages.resolveFailed, kybMessages.resolveFailed);
      toast.error(message);
      useKycStore.getState().setResolvedAccount(null);
      setValue('accountName', '');
      setLookupError(message);
    } finally {
      if (id === lookup.current) setResolving(false);
    }
  }

  async function submit(fields: BankFormValues) {
    if (resolving) return;
    const bank = findBank(banks, fields.bankName);
    if (!bank) return;
    setFormError(null);
    try {
      await submitKyb.mutateAsync({
        companyId,
        accountName: fields.accountName.trim(),
        accountNumber: fields.accountNumber,
        bankName: bank.bank_name,
        bankCode: bank.code,
        bvn: fields.bvn,
        currency: 'NGN',
      });
      toast.success(bankMessages.submitted);
      // SPEC.md section 4: after the bank step succeeds, every piece of local onboarding data goes.
      useKycStore.getState().reset();
      useKycStore.persist.clearStorage();
      navigate(paths.dashboard);
    } catch (error) {
      const message = errorMessage(error, bankMessages.failed, bankMessages.requestFailed);
      toast.error(message);
      applyServerErrors(setError, error, serverErrorFields);
      setFormError({ message, step: error instanceof ApiError ? firstMissingStep(error.fieldErrors) : null });
    }
  }

  function invalid(found: FieldErrors<BankFormValues>) {
    if (found.bankName?.message === kybMessages.bankInvalid) toast.error(kybMessages.bankInvalid);
  }

  const busy = isSubmitting;
  const accountName = values.accountName ?? '';
  const nameMatch = companyName && accountName.trim() ? matchBusinessNames(companyName, accountName).result : 'exact';
  return (
    <form onSubmit={(event) => void handleSubmit(submit, invalid)(event)} noValidate className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Add your bank to receive settlements</h1>
        <p className="text-sm text-slate-600">Settlements are paid into this account once your business is verified.</p>
      </div>

      {formError && (
        <Alert tone="error">
          <p>{formError.message}</p>
          {formError.step && (
            <p>
              <Link to={formError.step.path} className={textLinkClasses}>
                Go to {formError.step.title}
              </Link>
            </p>
          )}
        </Alert>
      )}

      {bankFlag && (
        <Alert tone="warning">
          <p className="font-semibold">Our compliance team asked you to change your settlement account.</p>
          <p>{bankFlag.message}</p>
        </Alert>
      )}
      {bankLocked && (
        <Alert tone="info">Your bank details were accepted. Enter your BVN again to confirm, then submit.</Alert>
      )}

      <div className="space-y-5">
        <SelectField
          id="bank-currency"
          label="Currency"
          {...register('currency', { onChange: () => clearErrors('currency') })}
          error={errors.currency?.message}
          disabled={busy || bankLocked}
        >
          {bankCurrencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>

        <BankCombobox
          id="bank-name"
          label="Bank"
          banks={banks}
          value={values.bankName ?? ''}
          loading={loading}
          error={errors.bankName?.message}
          disabled={busy || bankLocked}
          onChange={(text) => changeBank(text)}
          onSelect={(bank) => changeBank(bank.bank_name, bank)}
        />

        <TextField
          id="bank-account-number"
          label="Account Number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0123456789"
          maxLength={ACCOUNT_NUMBER_LENGTH}
          value={values.accountNumber ?? ''}
          onChange={(event) => {
            const next = digitsOnly(event.target.value, ACCOUNT_NUMBER_LENGTH);
            if (next !== values.accountNumber) forgetAccountName();
            setField('accountNumber', next);
          }}
          onBlur={() => void handleAccountNumberBlur()}
          error={errors.accountNumber?.message ?? lookupError ?? undefined}
          disabled={busy || bankLocked}
        />

        <TextField
          id="bank-bvn"
          label="BVN"
          inputMode="numeric"
          autoComplete="off"
          placeholder="12345678901"
          maxLength={BVN_LENGTH}
          value={values.bvn ?? ''}
          onChange={(event) => setField('bvn', digitsOnly(event.target.value, BVN_LENGTH))}
          error={errors.bvn?.message}
          hint="Must belong to one of your representatives."
          disabled={busy}
        />

        <div className="space-y-2">
          <TextField
            id="bank-account-name"
            label="Account Name"
            readOnly
            placeholder={resolving ? 'Checking account...' : 'Filled in from your bank'}
            value={accountName}
            error={errors.accountName?.message}
            aria-busy={resolving}
            aria-describedby={nameMatch !== 'exact' ? ACCOUNT_NAME_NOTICE_ID : undefined}
            className="bg-slate-50! text-slate-700"
          />
          {nameMatch !== 'exact' && <AccountNameNotice companyName={companyName} result={nameMatch} />}
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={requestLeave} disabled={busy} className="sm:w-48">
          I&apos;ll do this later
        </Button>
        {/* Until the bank list has come, no bank can be checked against it: a submit then would say 'Invalid Bank'. */}
        <Button type="submit" disabled={busy || resolving || loading} className="sm:w-40">
          {isSubmitting ? 'Verifying...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
