import { assetCodes } from '@fipay/contracts/assets';
import { Alert } from '../../components/ui/alert';

/** What a Send or Receive address with an asset that is not one of the eight shows. */
export function UnknownAsset({ asset }: { asset: string | undefined }) {
  return (
    <div className="mx-auto max-w-xl">
      <Alert tone="error">
        {asset ? `"${asset}" is not an asset FiPay holds.` : 'No asset was named.'} Choose one of {assetCodes.join(', ')}.
      </Alert>
    </div>
  );
}
