import type { WebhookEndpoint } from '@fipay/contracts/webhooks';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useDeleteWebhookEndpoint, useDeliveries, useResendDelivery, useRollWebhookSecret, useSendTestEvent, useUpdateWebhookEndpoint } from '../api/webhooks';

function pretty(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One endpoint: its actions and its deliveries, each opening to the exact payload sent and the answer. */
export function EndpointPanel({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const deliveries = useDeliveries(endpoint.id);
  const sendTest = useSendTestEvent();
  const resend = useResendDelivery();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const roll = useRollWebhookSecret();
  const [open, setOpen] = useState<string | null>(null);

  async function run<T>(action: () => Promise<T>, done: string, failed: string) {
    try {
      const result = await action();
      toast.success(done);
      return result;
    } catch (error) {
      toast.error(errorMessage(error, failed));
      return undefined;
    }
  }

  return (
    <section aria-label={`Endpoint ${endpoint.url}`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
          <p className="text-xs text-slate-500">
            {endpoint.disabled ? 'Turned off' : 'Sending'} · {endpoint.enabledEvents.includes('*') ? 'All events' : endpoint.enabledEvents.join(', ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void run(() => sendTest.mutateAsync(endpoint.id), 'Test event sent.', 'The test event could not be sent.')}>
            Send test event
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void run(() => roll.mutateAsync({ id: endpoint.id, expiresIn: '24h' }), 'Signing secret rolled; the old one works for 24 hours.', 'The secret could not be rolled.').then(
                (rolled) => rolled && onSecret(rolled.secret),
              )
            }
          >
            Roll secret
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void run(
                () => update.mutateAsync({ id: endpoint.id, disabled: !endpoint.disabled }),
                endpoint.disabled ? 'Endpoint turned on.' : 'Endpoint turned off.',
                'The endpoint could not be changed.',
              )
            }
          >
            {endpoint.disabled ? 'Turn on' : 'Turn off'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void run(() => remove.mutateAsync(endpoint.id), 'Endpoint deleted.', 'The endpoint could not be deleted.')}
          >
            Delete
          </Button>
        </div>
      </div>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Deliveries</h3>
        <QueryState
          query={deliveries}
          loading="the deliveries"
          failure="We could not load the deliveries."
          empty={(data) => (data.deliveries.length === 0 ? { title: 'Nothing sent yet.', text: 'Send a test event to try the endpoint.' } : null)}
        >
          {(data) => (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {data.deliveries.map((delivery) => {
                const last = delivery.attemptLog.at(-1);
                const expanded = open === delivery.id;
                return (
                  <li key={delivery.id}>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      onClick={() => setOpen(expanded ? null : delivery.id)}
                      className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      <StatusBadge kind="delivery" status={delivery.status} />
                      <span className="font-mono text-xs text-slate-900">{delivery.eventType}</span>
                      <span className="text-xs text-slate-500">
                        {last ? `${last.responseStatus ?? 'no answer'} · ${last.durationMs} ms · ` : ''}
                        {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'} · {formatDateTime(delivery.createdAt)}
                      </span>
                    </button>
                    {expanded && (
                      <div className="space-y-3 border-t border-slate-200 bg-slate-50 px-3 py-3">
                        <div className="flex items-center justify-between gap-2">
                          <p className="text-xs text-slate-600">
                            Event <code className="font-mono">{delivery.eventId}</code>
                          </p>
                          <Button size="sm" variant="secondary" onClick={() => void run(() => resend.mutateAsync(delivery.id), 'Delivery queued again.', 'The delivery could not be resent.')}>
                            Resend
                          </Button>
                        </div>
                        {delivery.attemptLog.map((attempt, index) => (
                          <div key={attempt.attemptedAt + index} className="space-y-1">
                            <p className="text-xs font-medium text-slate-700">
                              Attempt {index + 1} · {formatDateTime(attempt.attemptedAt)} · {attempt.responseStatus ?? 'no answer'}
                              {attempt.error ? ` · ${attempt.error}` : ''}
                            </p>
                            <pre aria-label="Payload sent" className="max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">
                              {pretty(attempt.requestBody)}
                            </pre>
                            {attempt.responseBody && (
                              <pre aria-label="Answer received" className="max-h-32 overflow-auto rounded-lg bg-white p-3 font-mono text-xs text-slate-700 ring-1 ring-slate-200">
                                {attempt.responseBody}
                              </pre>
                            )}
                          </div>
                        ))}
                        {delivery.attemptLog.length === 0 && <p className="text-xs text-slate-600">Not sent yet.</p>}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
