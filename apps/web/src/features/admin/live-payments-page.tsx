import type { LiveReadinessReport, ReadinessCheck } from '@fipay/contracts/back-office';
import { useQuery } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CircleHelpIcon from 'lucide-react/icons/circle-help';
import CircleXIcon from 'lucide-react/icons/circle-x';
import CopyIcon from 'lucide-react/icons/copy';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { liveReadinessQueryOptions } from './api/admin-api';
import { formatDateTime } from './components/format';
import { copyText } from '../../lib/copy-text';

const statusLook: Record<ReadinessCheck['status'], { label: string; icon: typeof CircleCheckIcon; classes: string }> = {
  ok: { label: 'OK', icon: CircleCheckIcon, classes: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failing: { label: 'Needs action', icon: CircleXIcon, classes: 'bg-red-50 text-red-800 ring-red-200' },
  unknown: { label: 'Not known yet', icon: CircleHelpIcon, classes: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

/** Whether this server can take live payments, each check with what to do (back-office users; ADR 0056). */
export function LivePaymentsPage() {
  const query = useQuery(liveReadinessQueryOptions());
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Live payments</h1>
        <p className="text-sm text-slate-600">Whether this server can take live payments through Paystack, and what to fix when it cannot.</p>
      </div>
      <QueryState query={query} loading="Checking live payments…" failure="Live payment readiness could not be loaded.">
        {(report) => <Report report={report} />}
      </QueryState>
    </div>
  );
}

function Report({ report }: { report: LiveReadinessReport }) {
  const failing = report.checks.filter((check) => check.status === 'failing').length;
  const needAction = failing === 1 ? 'One item below needs' : `${failing} items below need`;
  return (
    <div className="space-y-6">
      {report.ready ? (
        <Alert tone="success">
          <p className="font-semibold">Live payments are working.</p>
          <p>
            Customers of approved businesses can pay live payment links and checkouts.
            {failing > 0 && ` ${needAction} action still.`}
          </p>
        </Alert>
      ) : (
        <Alert tone="warning">
          <p className="font-semibold">This server cannot take live payments.</p>
          <p>
            Approved businesses see a notice in live mode, and their customers are told the business cannot take payments right now.
            {failing > 0 && ` ${needAction} action.`}
          </p>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="live-checks-title" className="overflow-hidden rounded-xl border border-slate-200 bg-white lg:col-span-2">
          <h2 id="live-checks-title" className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900">
            Checks
          </h2>
          <ul className="divide-y divide-slate-100">
            {report.checks.map((check) => (
              <CheckRow key={check.id} check={check} report={report} />
            ))}
          </ul>
        </section>
        <WebhookPanel webhook={report.webhook} />
      </div>
    </div>
  );
}

function CheckRow({ check, report }: { check: ReadinessCheck; report: LiveReadinessReport }) {
  const look = statusLook[check.status];
  const Icon = look.icon;
  return (
    <li aria-labelledby={`check-${check.id}`} className="space-y-2 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`check-${check.id}`} className="text-sm font-semibold text-slate-900">
          {check.title}
        </h3>
        <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${look.classes}`}>
          <Icon className="h-3.5 w-3.5" aria-hidden="true" />
          {look.label}
        </span>
      </div>
      <p className="text-sm text-slate-700">{check.detail}</p>
      {check.id === 'provider' && report.provider.checkedAt && (
        <p className="text-xs text-slate-500">Last asked {formatDateTime(report.provider.checkedAt)}</p>
      )}
      {check.action && (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">What to do: </span>
          {check.action}
        </div>
      )}
    </li>
  );
}

function WebhookPanel({ webhook }: { webhook: LiveReadinessReport['webhook'] }) {
  async function copy() {
    await copyText(webhook.url, { copied: 'Webhook URL copied.', failed: 'Copy did not work here; select the address and copy it.' });
  }
  return (
    <section aria-labelledby="webhook-title" className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <div className="space-y-1">
        <h2 id="webhook-title" className="text-sm font-semibold text-slate-900">
          Webhook URL
        </h2>
        <p className="text-xs text-slate-500">
          Give this address to Paystack: its dashboard, Settings, API Keys &amp; Webhooks, Live Webhook URL.
        </p>
      </div>
      <p className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900" aria-label="Webhook URL to register">
        {webhook.url}
      </p>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        <CopyIcon className="h-4 w-4" aria-hidden="true" />
        Copy URL
      </Button>
      <dl className="space-y-2 border-t border-slate-100 pt-4 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500">Last webhook from Paystack</dt>
          <dd className="text-slate-900">
            {webhook.lastArrivalAt === null
              ? 'None has arrived yet.'
              : `${formatDateTime(webhook.lastArrivalAt)}: ${webhook.lastArrivalSigned ? 'signature valid' : 'signature not valid, refused'}`}
          </dd>
        </div>
        {webhook.lastArrivalSigned === false && (
          <div>
            <dt className="text-xs font-medium text-slate-500">Last one with a valid signature</dt>
            <dd className="text-slate-900">{webhook.lastSignedAt ? formatDateTime(webhook.lastSignedAt) : 'None yet.'}</dd>
          </div>
        )}
      </dl>
      <p className="text-xs text-slate-500">Arrivals are kept to the minute.</p>
    </section>
  );
}
