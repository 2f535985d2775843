import { kybMessages, type Bank } from '@fipay/contracts/kyb';
import { bankCurrencies } from '@fipay/contracts/kyb-options';
import { matchBusinessNames } from '@fipay/contracts/names';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { bankMessages, getBanks, resolveAccount, submitKyb } from './api/bank';
import { BankCombobox } from './bank/bank-combobox';
import {
  ACCOUNT_NUMBER_LENGTH,
  bankErrorsFromServer,
  BVN_LENGTH,
  findBank,
  firstMissingStep,
  validateBankForm,
  type BankFormErrors,
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

function initialValues(): BankFormValues {
  const saved = useKycStore.getState().bankDetails;
  // The saved BVN comes back masked, so it is asked for again.
  return {
    currency: saved?.currency || bankCurrencies[0],
    bankName: saved?.bankName ?? '',
    accountNumber: saved?.accountNumber ?? '',
    accountName: saved?.accountName ?? '',
    bvn: '',
  };
}

/** Loads the bank list once per session: SPEC.md fetches it when it is empty and an access token exists. */
function useBanks(enabled: boolean) {
  const banks = useKycStore((state) => state.banks);
  const accessToken = useAuthStore((state) => state.accessToken);
  const shouldLoad = enabled && banks.length === 0 && accessToken !== null;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!shouldLoad) return;
    const controller = new AbortController();
    getBanks(controller.signal)
      .then(({ data }) => useKycStore.getState().setBanks(data))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the bank list', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [shouldLoad]);

  return { banks, loading: shouldLoad && !failed };
}

export function BankDetailsStep() {
  const navigate = useNavigate();
  const { requestLeave } = useKycNavigation();
  // Set with the store wipe on success, so the emptied bank list is not fetched again on the way out.
  const [submitted, setSubmitted] = useState(false);
  const { banks, loading } = useBanks(!submitted);
  const companyId = useAuthStore((state) => state.user?.companyId ?? state.company?.id ?? '');
  const companyName = useAuthStore((state) => state.company?.name ?? '');
  const [values, setValues] = useState<BankFormValues>(initialValues);
  const [errors, setErrors] = useState<BankFormErrors>({});
  const [formError, setFormError] = useState<{ message: string; step: { title: string; path: string } | null } | null>(
    null,
  );
  const [resolving, setResolving] = useState(false);
  /** Why the last lookup failed; shown under the account number until the bank or number changes. */
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const lookup = useRef(0);
  const changes = useChangeRequest();
  const bankFlag = changes.itemFor('bank', 'bank');
  // While changes are requested, unflagged bank details stay as submitted; only the BVN is asked again.
  const bankLocked = changes.active && !bankFlag && Boolean(useKycStore.getState().bankDetails);
  // SPEC.md section 2: this step's own 'I'll do this later' goes straight to /dashboard.
  useKycLeaveOverride({ onClick: () => navigate(paths.dashboard), hideLink: true });

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  function setField<K extends keyof BankFormValues>(field: K, value: BankFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  /** A name looked up for another bank or number no longer applies. */
  function forgetAccountName() {
    lookup.current += 1;
    setResolving(false);
    setLookupError(null);
    useKycStore.getState().setResolvedAccount(null);
    setValues((current) => ({ ...current, accountName: '' }));
  }

  function changeBank(text: string, bank?: Bank) {
    const before = findBank(banks, values.bankName);
    setField('bankName', bank ? bank.bank_name : text);
    const after = bank ?? findBank(banks, text);
    if (before?.code !== after?.code) forgetAccountName();
  }

  // SPEC.md section 4: the lookup runs when the account number loses focus, with a bank code and 10 characters.
  async function handleAccountNumberBlur() {
    const bank = findBank(banks, values.bankName);
    const accountNumber = values.accountNumber;
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
      setValues((current) => ({ ...current, accountName: data.account_name }));
      setErrors(({ accountNumber: _n, accountName: _a, ...rest }) => rest);
    } catch (error) {
      if (id !== lookup.current) return;
      const message = errorMessage(error, kybMessages.resolveFailed, kybMessages.resolveFailed);
      toast.error(message);
      useKycStore.getState().setResolvedAccount(null);
      setValues((current) => ({ ...current, accountName: '' }));
      setLookupError(message);
    } finally {
      if (id === lookup.current) setResolving(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || resolving) return;
    setFormError(null);
    const invalid = validateBankForm(values, banks);
    const bank = findBank(banks, values.bankName);
    if (Object.keys(invalid).length > 0 || !bank) {
      setErrors(invalid);
      if (invalid.bankName === kybMessages.bankInvalid) toast.error(kybMessages.bankInvalid);
      return;
    }
    setIsSubmitting(true);
    try {
      await submitKyb({
        companyId,
        accountName: values.accountName.trim(),
        accountNumber: values.accountNumber,
        bankName: bank.bank_name,
        bankCode: bank.code,
        bvn: values.bvn,
        currency: 'NGN',
      });
      toast.success(bankMessages.submitted);
      // SPEC.md section 4: after the bank step succeeds, every piece of local onboarding data goes.
      setSubmitted(true);
      useKycStore.getState().reset();
      useKycStore.persist.clearStorage();
      navigate(paths.dashboard);
    } catch (error) {
      const message = errorMessage(error, bankMessages.failed, bankMessages.requestFailed);
      toast.error(message);
      if (error instanceof ApiError) {
        setErrors(bankErrorsFromServer(error.fieldErrors));
        setFormError({ message, step: firstMissingStep(error.fieldErrors) });
      } else {
        setFormError({ message, step: null });
      }
      setIsSubmitting(false);
    }
  }

  const busy = isSubmitting;
  const nameMatch =
    companyName && values.accountName.trim() ? matchBusinessNames(companyName, values.accountName).result : 'exact';
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
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
          value={values.currency}
          onChange={(event) => setField('currency', event.target.value)}
          error={errors.currency}
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
          value={values.bankName}
          loading={loading}
          error={errors.bankName}
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
          value={values.accountNumber}
          onChange={(event) => {
            const next = digitsOnly(event.target.value, ACCOUNT_NUMBER_LENGTH);
            if (next !== values.accountNumber) forgetAccountName();
            setField('accountNumber', next);
          }}
          onBlur={() => void handleAccountNumberBlur()}
          error={errors.accountNumber ?? lookupError ?? undefined}
          disabled={busy || bankLocked}
        />

        <TextField
          id="bank-bvn"
          label="BVN"
          inputMode="numeric"
          autoComplete="off"
          placeholder="12345678901"
          maxLength={BVN_LENGTH}
          value={values.bvn}
          onChange={(event) => setField('bvn', digitsOnly(event.target.value, BVN_LENGTH))}
          error={errors.bvn}
          hint="Must belong to one of your representatives."
          disabled={busy}
        />

        <div className="space-y-2">
          <TextField
            id="bank-account-name"
            label="Account Name"
            readOnly
            placeholder={resolving ? 'Checking account...' : 'Filled in from your bank'}
            value={values.accountName}
            error={errors.accountName}
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
        <Button type="submit" disabled={busy || resolving} className="sm:w-40">
          {isSubmitting ? 'Verifying...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
