import type { PaymentLink } from '@fipay/contracts/payments';
import CopyIcon from 'lucide-react/icons/copy';
import LinkIcon from 'lucide-react/icons/link';
import QrCodeIcon from 'lucide-react/icons/qr-code';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button, textLinkClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge } from '../../components/ui/status-badge';
import { guidePath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useMode } from '../../stores/mode-store';
import { LinkFormDialog } from './components/link-form-dialog';
import { formatNaira } from './money';
import { usePaymentLinks, useUpdatePaymentLink } from './api/payment-links';
import { copyText } from '../../lib/copy-text';

/** '/payment-links': the current mode's links, what each collected, and sharing (copy, QR code). */
export function PaymentLinksPage() {
  const [mode] = useMode();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const links = usePaymentLinks(page, search);
  const [editing, setEditing] = useState<PaymentLink | 'new' | null>(null);
  const [qrFor, setQrFor] = useState<PaymentLink | null>(null);
  const pagination = links.data?.pagination;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Payment Links</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            Share a link and get paid by card or bank transfer, no invoice needed. These are your <strong>{mode} mode</strong> links
            {mode === 'test' ? ': customers pay with test cards and no real money moves.' : '.'}{' '}
            <Link to={guidePath('taking-payments')} className={textLinkClasses}>
              Learn how payments, refunds and payouts work
            </Link>
          </p>
        </div>
        <Button onClick={() => setEditing('new')} className="shrink-0">
          Create link
        </Button>
      </div>

      <div className="max-w-sm">
        <TextField
          label="Search links"
          hideLabel
          type="search"
          placeholder="Search by name or link"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>

      <QueryState
        query={links}
        loading="your payment links"
        failure="We could not load your payment links."
        empty={(data) =>
          data.links.length === 0
            ? {
                icon: LinkIcon,
                title: search ? 'No links match your search' : `No ${mode} mode links yet`,
                text: search ? undefined : 'Create your first link and share it on WhatsApp, Instagram or by email.',
              }
            : null
        }
      >
        {(data) => (
          <section aria-label="Payment links" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <ul className="divide-y divide-slate-200">
              {data.links.map((link) => (
                <LinkRow key={link.id} link={link} onEdit={() => setEditing(link)} onQr={() => setQrFor(link)} />
              ))}
            </ul>
          </section>
        )}
      </QueryState>

      {pagination && pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {pagination.currentPage} of {pagination.totalPages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}

      <LinkFormDialog open={editing !== null} onClose={() => setEditing(null)} link={editing === 'new' || editing === null ? undefined : editing} />
      <QrDialog link={qrFor} onClose={() => setQrFor(null)} />
    </div>
  );
}

function LinkRow({ link, onEdit, onQr }: { link: PaymentLink; onEdit: () => void; onQr: () => void }) {
  const update = useUpdatePaymentLink();
  async function copy() {
    await copyText(link.url, { copied: 'Link copied.', failed: 'Copy did not work here; select the link and copy it.' });
  }
  async function toggle() {
    try {
      await update.mutateAsync({ id: link.id, active: !link.active });
      toast.success(link.active ? 'Link deactivated: it takes no more payments.' : 'Link active again.');
    } catch (error) {
      toast.error(errorMessage(error, 'The link could not be changed.'));
    }
  }
  return (
    <li className="flex flex-col gap-3 p-4 sm:p-5 lg:flex-row lg:items-center">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
          {link.name}
          <StatusBadge kind="paymentLink" status={link.active ? 'active' : 'inactive'} />
        </p>
        <p className="text-sm text-slate-700">{link.amount === null ? 'Customer enters the amount' : formatNaira(link.amount)}</p>
        <a href={link.url} target="_blank" rel="noreferrer" className="block truncate font-mono text-xs text-brand-700 hover:underline">
          {link.url}
        </a>
        <p className="text-xs text-slate-500">
          Collected {formatNaira(link.paidTotal)} from {link.paidCount} {link.paidCount === 1 ? 'payment' : 'payments'}, before refunds
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy link of ${link.name}`}>
          <CopyIcon aria-hidden="true" className="mr-1.5 h-4 w-4" />
          Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={onQr} aria-label={`QR code of ${link.name}`}>
          <QrCodeIcon aria-hidden="true" className="mr-1.5 h-4 w-4" />
          QR code
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${link.name}`}>
          Edit
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void toggle()} disabled={update.isPending}>
          {link.active ? 'Deactivate' : 'Activate'}
        </Button>
      </div>
    </li>
  );
}

function QrDialog({ link, onClose }: { link: PaymentLink | null; onClose: () => void }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!link) return;
    let current = true;
    void toDataURL(link.url, { width: 512, margin: 2, errorCorrectionLevel: 'M' }).then((url) => current && setImage(url));
    return () => {
      current = false;
      setImage(null);
    };
  }, [link]);
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      title={link ? `QR code: ${link.name}` : 'QR code'}
      description="Customers scan it with their phone camera to open the payment page."
      body={
        <div className="flex justify-center">
          {image ? <img src={image} alt={`QR code of ${link?.url ?? ''}`} className="h-64 w-64" /> : <div className="h-64 w-64 animate-pulse rounded-lg bg-slate-100" />}
        </div>
      }
    >
      {image && link && (
        <a href={image} download={`${link.slug}-qr.png`} className="inline-flex h-10 items-center justify-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Download PNG
        </a>
      )}
      <Button onClick={onClose} data-autofocus>
        Done
      </Button>
    </Dialog>
  );
}
