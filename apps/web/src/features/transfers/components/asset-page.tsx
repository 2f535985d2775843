import { assetOf, isAssetCode, type AssetCode } from '@fipay/contracts/assets';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { walletAssetPath } from '../../../config/paths';
import { UnknownAsset } from '../unknown-asset';

/** The page of the asset the address names (`:asset`), started afresh for each asset; or why there is none. */
export function ForAsset({ page: Page }: { page: ComponentType<{ asset: AssetCode }> }) {
  const { asset } = useParams();
  if (!asset || !isAssetCode(asset)) return <UnknownAsset asset={asset} />;
  return <Page key={asset} asset={asset} />;
}

/** The top of a Send or Receive page: the way back to the asset's wallet, the title and what the page does. */
export function AssetPageHeader({ asset, title, children }: { asset: AssetCode; title: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <p className="text-sm">
        <Link to={walletAssetPath(asset)} className="font-medium text-brand-700 hover:underline">
          ← {assetOf(asset).name} wallet
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
