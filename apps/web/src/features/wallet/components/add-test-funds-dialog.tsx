import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { tryParseAmount } from '@fipay/contracts/money';
import type { WalletAsset } from '@fipay/contracts/wallet';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { useAddTestFunds } from '../api/wallet';
import { showAmount } from '../money';

type Form = { amount: string };

/** Test mode's faucet for one asset: an amount typed as text, read exactly at the asset's precision. */
export function AddTestFundsDialog({ asset, testFunds, open, onClose }: { asset: AssetCode; testFunds: WalletAsset['testFunds']; open: boolean; onClose: () => void }) {
  const add = useAddTestFunds(asset);
  const form = useForm<Form>({ defaultValues: { amount: '' } });
  const left = testFunds ? BigInt(testFunds.dailyCap) - BigInt(testFunds.addedToday) : null;

  function close() {
    form.reset();
    onClose();
  }

  async function submit({ amount }: Form) {
    const parsed = tryParseAmount(asset, amount);
    if (!parsed.ok) {
      form.setError('amount', { type: 'parse', message: parsed.message }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await add.mutateAsync(parsed.amount);
      toast.success(answer.message);
      close();
    } catch (error) {
      if (!applyServerErrors(form.setError, error, ['amount'], { focus: true })) form.setError('amount', { type: 'server', message: errorMessage(error, 'The test funds could not be added.') });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Add test funds: ${asset}`}
      description={
        <p>
          Test {assetOf(asset).name} for trying payments, transfers and trades in test mode. It is not real money and never reaches live mode.
          {left !== null && <> You can add up to {showAmount(asset, (left > 0n ? left : 0n).toString())} more today (UTC).</>}
        </p>
      }
      body={
        <form id="add-test-funds" noValidate onSubmit={form.handleSubmit(submit)}>
          <TextField
            label={`Amount (${asset})`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={asset === 'BTC' ? '0.05' : asset === 'ETH' ? '1.5' : '1,000.00'}
            data-autofocus
            {...form.register('amount', { required: 'Enter an amount.' })}
            error={form.formState.errors.amount?.message}
          />
        </form>
      }
    >
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button type="submit" form="add-test-funds" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Adding…' : 'Add test funds'}
      </Button>
    </Dialog>
  );
}
