import { liveReadinessTexts as texts, type LiveReadinessReport, type ReadinessCheck } from '@fipay/contracts/back-office';
import { providerEndpoints } from '@fipay/contracts/endpoints/payments';
import type { AppContext } from '../../context';
import { webhookArrivals } from '../payments/live-readiness';

/**
 * What the back office shows of this server's live payments (docs/decisions/0056-operators-see-live-readiness.md):
 * the provider's state as businesses are given it (ctx.liveReadiness, so a look here asks Paystack no more often
 * than their pages do), the public address, the webhook URL and the last webhooks' arrivals, each check with what
 * to do when it fails (the README's "Going live with Paystack").
 */
export async function liveReadinessReport(ctx: Pick<AppContext, 'db' | 'config' | 'liveReadiness'>): Promise<LiveReadinessReport> {
  const [provider, arrivals] = await Promise.all([ctx.liveReadiness.status(), webhookArrivals(ctx.db)]);
  const { lastSignedAt, lastRefusedAt } = arrivals;
  const lastArrival = lastSignedAt && (!lastRefusedAt || lastSignedAt >= lastRefusedAt) ? lastSignedAt : lastRefusedAt;
  const lastArrivalSigned = lastArrival === null ? null : lastArrival === lastSignedAt;
  const configured = provider.state !== 'not_set_up';
  const https = ctx.config.appUrl.startsWith('https://');

  const checks: ReadinessCheck[] = [
    configured
      ? { id: 'key', title: texts.key.title, status: 'ok', detail: texts.key.ok, action: null }
      : { id: 'key', title: texts.key.title, status: 'failing', detail: texts.key.failing, action: texts.key.action },
    providerCheck(provider.state, provider.answer),
    https
      ? { id: 'address', title: texts.address.title, status: 'ok', detail: texts.address.ok, action: null }
      : { id: 'address', title: texts.address.title, status: 'failing', detail: texts.address.failing, action: texts.address.action },
    lastArrivalSigned === null
      ? { id: 'webhook', title: texts.webhook.title, status: 'unknown', detail: texts.webhook.unknown, action: texts.webhook.unknownAction }
      : lastArrivalSigned
        ? { id: 'webhook', title: texts.webhook.title, status: 'ok', detail: texts.webhook.ok, action: null }
        : { id: 'webhook', title: texts.webhook.title, status: 'failing', detail: texts.webhook.failing, action: configured ? texts.webhook.failingAction : texts.webhook.noKeyAction },
  ];

  return {
    ready: provider.state === 'ready',
    provider: { name: 'Paystack', configured, state: provider.state, checkedAt: provider.checkedAt?.toISOString() ?? null, answer: provider.answer },
    webhook: {
      url: `${ctx.config.appUrl}/api/v1${providerEndpoints.paystackWebhook.path}`,
      lastArrivalAt: lastArrival?.toISOString() ?? null,
      lastArrivalSigned,
      lastSignedAt: lastSignedAt?.toISOString() ?? null,
      lastRefusedAt: lastRefusedAt?.toISOString() ?? null,
    },
    checks,
  };
}

function providerCheck(state: LiveReadinessReport['provider']['state'], answer: string | null): ReadinessCheck {
  const base = { id: 'provider', title: texts.provider.title } as const;
  if (state === 'not_set_up') return { ...base, status: 'unknown', detail: texts.provider.notAsked, action: null };
  const detail = answer ?? '';
  if (state === 'ready') return { ...base, status: 'ok', detail, action: null };
  return { ...base, status: 'failing', detail, action: state === 'key_refused' ? texts.provider.keyRefusedAction : texts.provider.unreachableAction };
}
