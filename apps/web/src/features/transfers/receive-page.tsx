import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { useQuery } from '@tanstack/react-query';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { AssetPageHeader, ForAsset } from './components/asset-page';
import { TopUpCard } from './top-up-card';
import { copyText } from '../../lib/copy-text';
import { paths, walletSendPath } from '../../config/paths';
import { useMode } from '../../stores/mode-store';
import { companyTagQueryOptions } from '../../api/company-tag';

/** '/dashboard/wallet/:asset/receive': how another business sends this asset here: the FiPay tag, its QR code and a link. */
export function ReceivePage() {
  return <ForAsset page={ReceiveAsset} />;
}

function ReceiveAsset({ asset }: { asset: AssetCode }) {
  const [mode] = useMode();
  const tag = useQuery(companyTagQueryOptions());
  const { kind } = assetOf(asset);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <AssetPageHeader asset={asset} title={`Receive ${asset}`}>
        <p className="text-sm text-slate-600">
          Another business on FiPay sends you {asset} by your FiPay tag, at once and free.
          {mode === 'test' && ' This is test mode: only test money moves.'}
        </p>
      </AssetPageHeader>

      <QueryState query={tag} loading="your FiPay tag" failure="We could not load your FiPay tag.">
        {(current) =>
          current.tag && current.display ? (
            <TagCard asset={asset} tag={current.display} />
          ) : (
            <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">Choose your FiPay tag first</h2>
              <p className="text-sm text-slate-600">Your tag, like @acme, is how other businesses find you to send money. You choose it once in Settings.</p>
              <ButtonLink to={paths.settings}>Choose a tag</ButtonLink>
            </section>
          )
        }
      </QueryState>

      {asset === 'NGN' && <TopUpCard mode={mode} />}

      {asset === 'NGN' && (
        <Alert>
          Customers pay you naira by card or bank transfer through your <Link to={paths.paymentLinks} className="font-medium underline">payment links</Link>; what
          they pay reaches this wallet when it settles.
        </Alert>
      )}
      {kind === 'crypto' && (
        <Alert>
          {asset} deposit addresses from outside FiPay are not available yet. Until they are, you can receive {asset} from businesses on FiPay by your tag.
        </Alert>
      )}
    </div>
  );
}

function TagCard({ asset, tag }: { asset: AssetCode; tag: string }) {
  const link = `${window.location.origin}${walletSendPath(asset, tag)}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrSvg(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => current && setSvg(markup));
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <section aria-label="Your FiPay tag" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6">
      <p className="text-sm text-slate-600">Your FiPay tag</p>
      <p className="text-3xl font-bold break-all text-slate-900">{tag}</p>
      <div className="mx-auto w-48 max-w-full">
        {svg ? (
          // The QR code is the share link below; made here from our own text, so its markup is safe to place.
          <div role="img" aria-label={`QR code of the link to send you ${asset}`} className="[&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
        ) : (
          <div className="aspect-square w-full animate-pulse rounded-lg bg-slate-100" />
        )}
      </div>
      <p className="text-sm text-slate-600">Scanned or opened by someone signed in to FiPay, it opens Send {asset} with your tag filled in.</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button variant="secondary" onClick={() => void copyText(tag, { copied: 'Tag copied.', failed: `Copy it by hand: ${tag}` })}>
          Copy tag
        </Button>
        <Button onClick={() => void copyText(link, { copied: 'Link copied.', failed: 'Your browser did not let us copy the link.' })}>Copy share link</Button>
      </div>
    </section>
  );
}
