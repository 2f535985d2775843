import { EVENT_RETENTION_DAYS, eventTypes, MODE_HEADER, PING_EVENT } from '@fipay/contracts/developers';
import type { AnyEndpoint } from '@fipay/contracts/endpoint';
import { eventEndpoints, webhookDeliveryEndpoints, webhookEndpointEndpoints } from '@fipay/contracts/endpoints/developers';
import { recipientEndpoints } from '@fipay/contracts/endpoints/fipay-tags';
import { balanceEndpoints, paymentLinkEndpoints, payoutEndpoints, refundEndpoints, transactionEndpoints } from '@fipay/contracts/endpoints/payments';
import { paymentMethodEndpoints } from '@fipay/contracts/endpoints/payment-methods';
import { rateEndpoints } from '@fipay/contracts/endpoints/rates';
import { transferEndpoints } from '@fipay/contracts/endpoints/transfers';
import { offerEndpoints, tradeEndpoints } from '@fipay/contracts/endpoints/marketplace';
import { reputationEndpoints } from '@fipay/contracts/endpoints/reputation';
import { tradeChatEndpoints } from '@fipay/contracts/endpoints/trade-chat';
import { walletEndpoints } from '@fipay/contracts/endpoints/wallet';
import { withdrawalEndpoints } from '@fipay/contracts/endpoints/withdrawals';
import { ABANDON_AFTER_HOURS, MAX_CARD_ATTEMPTS, SANDBOX_OTP, testCards } from '@fipay/contracts/payments';
import { WEBHOOK_ENDPOINTS_PER_MODE } from '@fipay/contracts/webhooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Logo } from '../../components/brand/logo';
import { textLinkClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { API_BASE } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { VerifySample } from './components/verify-sample';

/** The merchant API: every endpoint a secret key may call. Dashboard-only and back-office routes are not here. */
const reference: { title: string; endpoints: AnyEndpoint[] }[] = [
  { title: 'Transactions', endpoints: Object.values(transactionEndpoints) },
  { title: 'Refunds', endpoints: Object.values(refundEndpoints) },
  { title: 'Balance', endpoints: Object.values(balanceEndpoints) },
  { title: 'Payouts', endpoints: Object.values(payoutEndpoints) },
  { title: 'Payment links', endpoints: Object.values(paymentLinkEndpoints) },
  { title: 'Rates', endpoints: Object.values(rateEndpoints) },
  { title: 'Wallet', endpoints: Object.values(walletEndpoints) },
  // The code a dashboard user confirms a transfer with is the dashboard's (a secret key needs none). The recipient's
  // verified name, as the dashboard's confirmation shows it, comes first.
  { title: 'Transfers', endpoints: [recipientEndpoints.lookup, transferEndpoints.preview, transferEndpoints.create, transferEndpoints.list, transferEndpoints.get] },
  { title: 'Withdrawals', endpoints: Object.values(withdrawalEndpoints) },
  { title: 'Marketplace', endpoints: [...Object.values(offerEndpoints), ...Object.values(tradeEndpoints), ...Object.values(tradeChatEndpoints), ...Object.values(reputationEndpoints)] },
  // A secret key reads the saved accounts; adding and removing one takes a dashboard session and its second factor.
  { title: 'Payment methods', endpoints: [paymentMethodEndpoints.list] },
  { title: 'Events', endpoints: Object.values(eventEndpoints) },
  { title: 'Webhook endpoints', endpoints: [...Object.values(webhookEndpointEndpoints), ...Object.values(webhookDeliveryEndpoints)] },
];

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; items?: JsonSchema; default?: unknown; maxLength?: number; anyOf?: JsonSchema[] };

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

/** The fields of a request part, read from its contract. */
function fieldsOf(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeOf(field),
    required: json.required?.includes(name) ?? false,
    detail: [field.default !== undefined ? `default ${JSON.stringify(field.default)}` : '', field.maxLength ? `at most ${field.maxLength} characters` : ''].filter(Boolean).join(', '),
  }));
}

const exampleValues: Record<string, unknown> = {
  url: 'https://example.com/webhooks/fipay',
  description: 'Order system',
  enabledEvents: ['*'],
  disabled: false,
  expiresIn: '24h',
  amount: 500000,
  email: 'customer@example.ng',
  reference: 'order-1042',
  name: 'Ankara fabric, 6 yards',
  asset: 'USDT',
  to: '@acme',
};

/** Where an endpoint's example differs: a withdrawal goes to a bank account, not a FiPay tag. */
const examplesFor: Record<string, Record<string, unknown>> = {
  '/withdrawals': { asset: 'NGN', to: 'settlement_account' },
  '/withdrawals/preview': { asset: 'NGN', to: 'settlement_account' },
};

function curlFor(endpoint: AnyEndpoint) {
  const examples = { ...exampleValues, ...examplesFor[endpoint.path] };
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => `{${name}}`);
  const lines = [`curl -X ${endpoint.method} "$FIPAY_URL${API_BASE}${path}" \\`, '  -H "Authorization: Bearer $FIPAY_SECRET_KEY"'];
  const fields = fieldsOf(endpoint.body).filter((f) => f.required || f.name in examples);
  if (fields.length) {
    // An amount is whole kobo as a number on the naira endpoints, and a string of digits of the asset's smallest unit on the wallet's (ADR 0065).
    const body = Object.fromEntries(fields.map((f) => [f.name, f.type === 'string' && typeof examples[f.name] === 'number' ? String(examples[f.name]) : (examples[f.name] ?? '…')]));
    lines[1] += ' \\';
    lines.push('  -H "Content-Type: application/json" \\', `  -d '${JSON.stringify(body)}'`);
  }
  return lines.join('\n');
}

function FieldTable({ caption, schema }: { caption: string; schema: z.ZodType | undefined }) {
  const fields = fieldsOf(schema);
  if (fields.length === 0) return null;
  return (
    <table className="w-full text-left text-xs">
      <caption className="pb-1 text-left font-semibold text-slate-700">{caption}</caption>
      <tbody className="divide-y divide-slate-100">
        {fields.map((field) => (
          <tr key={field.name} className="align-top">
            <th scope="row" className="w-32 py-1.5 pr-3 font-mono font-medium text-slate-900 sm:w-40">
              {field.name}
              {field.required ? '' : '?'}
            </th>
            <td className="py-1.5 pr-3 font-mono break-all text-slate-600">{field.type}</td>
            <td className="w-28 py-1.5 text-slate-500 sm:w-60">{field.detail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="space-y-3 text-sm leading-relaxed text-slate-700">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const code = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800 wrap-anywhere';
const block = 'overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100';

const nodeCall = `const response = await fetch(\`\${process.env.FIPAY_URL}/api/v1/webhook-endpoints\`, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.FIPAY_SECRET_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ url: 'https://example.com/webhooks/fipay', enabledEvents: ['*'] }),
});
const { isSuccessful, message, data } = await response.json();`;

/** '/docs': the public merchant API reference, from the same contracts the server checks requests with. */
export function DocsPage() {
  const signedIn = useAuthStore((state) => state.accessToken !== null);
  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-5 sm:px-6">
          <Logo to={paths.home} />
          <Link to={signedIn ? paths.developer : paths.login} className={`${textLinkClasses} text-sm`}>
            {signedIn ? 'Back to the dashboard' : 'Sign in'}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-10 px-5 py-10 sm:px-6">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold text-slate-900">Documentation</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            The FiPay merchant API: what your systems call with your secret key. It is generated from the same schemas the server checks every request
            with, so it always matches what the server accepts. The full OpenAPI description is at{' '}
            <a className={textLinkClasses} href={`${API_BASE}/openapi.json`}>
              OpenAPI specification
            </a>{' '}
            and browsable as the{' '}
            <a className={textLinkClasses} href={`${API_BASE}/docs`}>
              API reference
            </a>
            .
          </p>
        </div>

        <Section id="authentication" title="Authentication">
          <p>
            Send your secret key as a bearer token: <code className={code}>Authorization: Bearer sk_test_…</code>. Keys are made on the API keys page of
            the dashboard; the secret key is shown once. A secret key works on the merchant API only, never on dashboard routes (keys, team, password,
            two-factor, business verification). A wrong, revoked or expired key is answered 401.
          </p>
          <pre className={block}>{nodeCall}</pre>
        </Section>

        <Section id="modes" title="Test and live modes">
          <p>
            <code className={code}>sk_test_</code> keys work in test mode, which moves no real money; <code className={code}>sk_live_</code> keys in live
            mode, open once your business verification is approved. Every object carries <code className={code}>livemode</code> and is seen only in its own
            mode. The dashboard calls the same API with the user&apos;s session and a <code className={code}>{MODE_HEADER}: test|live</code> header.
          </p>
        </Section>

        <Section id="idempotency" title="Idempotent requests">
          <p>
            Every POST accepts <code className={code}>Idempotency-Key</code> (up to 255 visible characters). The first answer, errors included, is kept
            for 24 hours: repeating the request with the same key returns it again with <code className={code}>Idempotent-Replayed: true</code>; the same
            key with a different request is 422; a repeat while the first is still running is 409. Retry network failures with the same key.
          </p>
        </Section>

        <Section id="answers" title="Answers, errors and pagination">
          <p>
            Every answer is <code className={code}>{'{ isSuccessful, message, data }'}</code>. A refusal has <code className={code}>data.code</code> (for
            example <code className={code}>VALIDATION_FAILED</code>, <code className={code}>UNAUTHORIZED</code>, <code className={code}>FORBIDDEN</code>,{' '}
            <code className={code}>NOT_FOUND</code>, <code className={code}>RATE_LIMITED</code> with a <code className={code}>Retry-After</code> header) and,
            for bad fields, <code className={code}>data.errors</code> keyed by the field&apos;s path. Lists take <code className={code}>page</code> and{' '}
            <code className={code}>pageSize</code> and answer <code className={code}>pagination</code> with the totals. Test keys may make 25 requests a
            second, live keys 100.
          </p>
        </Section>

        <Section id="payments" title="Taking payments">
          <p>
            Amounts are whole kobo (₦1 = 100 kobo), never decimals. Start a charge with{' '}
            <code className={code}>POST /transactions/initialize {'{ amount, email, reference?, callbackUrl?, metadata? }'}</code> and send the customer to
            the <code className={code}>authorizationUrl</code> it answers (the checkout is found by the unguessable{' '}
            <code className={code}>accessCode</code> in it, never by your reference). Your reference is unique among your own transactions in each
            mode (one used before answers 409), whatever other businesses use, and one is made when you send none. When they have paid they come back to your{' '}
            <code className={code}>callbackUrl</code> with <code className={code}>?reference=…</code>: confirm with{' '}
            <code className={code}>GET /transactions/verify/{'{reference}'}</code> (status <code className={code}>success</code> and the amount you expect)
            before you give value, or act on the <code className={code}>charge.success</code> webhook. Unpaid transactions are abandoned after{' '}
            {ABANDON_AFTER_HOURS} hours (a live one once the payment provider confirms it was not paid; paid later after all, it is credited then).
            Customers get a receipt and refund emails; in test mode only at your own team&apos;s addresses. A payment&apos;s net (amount less the fee) is pending until the next business day (weekends and Nigerian
            public holidays excluded; at once in test mode), then available; the available balance is paid to your settlement bank account once a
            day. A live payout is <code className={code}>pending</code> until the bank confirms it (<code className={code}>payout.paid</code>) or
            returns it (<code className={code}>payout.failed</code>, the money back in your available balance). Payouts were called settlements
            before: <code className={code}>/settlements</code> and the <code className={code}>settlement.paid</code> and{' '}
            <code className={code}>settlement.failed</code> events still work, deprecated, until 31 May 2027. Refunds come from the available
            balance; a live refund is <code className={code}>pending</code> until the card issuer or bank processes it (and stays pending, never
            made twice, when the provider&apos;s answer is lost on the way).
          </p>
          <p>In test mode the checkout is FiPay&apos;s sandbox, with these cards (any future expiry date, any 3-digit CVV):</p>
          <table className="w-full text-left text-xs">
            <tbody className="divide-y divide-slate-100">
              {testCards.map((card) => (
                <tr key={card.number}>
                  <th scope="row" className="py-1.5 pr-3 font-mono font-medium text-slate-900">
                    {card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
                  </th>
                  <td className="py-1.5 text-slate-600">{card.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            The OTP in test mode is <code className={code}>{SANDBOX_OTP}</code>. A checkout takes {MAX_CARD_ATTEMPTS} declined cards before the
            transaction fails; each decline is a <code className={code}>charge.failed</code> event. Bank transfer shows an account to pay into and a
            button that simulates the transfer arriving. Test payouts to an account number ending in 000 fail, so you can see what a failed payout does.
          </p>
        </Section>

        <Section id="withdrawals" title="Sending money to a bank account">
          <p>
            <code className={code}>POST /withdrawals {'{ asset, amount, to }'}</code> sends NGN, USD, GBP or EUR from the available balance to a saved
            payment method of that currency (<code className={code}>to</code>: its id) or naira to your verified settlement bank account (
            <code className={code}>settlement_account</code>), with an <code className={code}>Idempotency-Key</code> header. Check it first with{' '}
            <code className={code}>POST /withdrawals/preview</code>: it answers the <code className={code}>fee</code> (a flat amount per currency,
            none unless FiPay sets one), the <code className={code}>total</code> that leaves the wallet (amount + fee) and what is left of the daily Send
            limit. The bank receives the amount; the fee is FiPay&apos;s, and comes back with the amount if the withdrawal fails. A withdrawal is{' '}
            <code className={code}>pending</code> until the bank confirms it (<code className={code}>withdrawal.paid</code>) or returns it (
            <code className={code}>withdrawal.failed</code>, amount and fee back in the available balance); a live naira one is decided as soon as
            Paystack tells FiPay. In test mode an account number ending in 000 fails.
          </p>
        </Section>

        <Section id="events" title="Events">
          <p>
            Each change to your objects is an event <code className={code}>{'{ id: "evt_…", type, createdAt, livemode, data: { object, previousAttributes } }'}</code>
            , kept {EVENT_RETENTION_DAYS} days. Types: {eventTypes.map((type) => <code key={type} className={`${code} mr-1`}>{type}</code>)}, and{' '}
            <code className={code}>{PING_EVENT}</code> for test events.
          </p>
        </Section>

        <Section id="webhooks" title="Webhooks">
          <p>
            Add up to {WEBHOOK_ENDPOINTS_PER_MODE} endpoints per mode. Each event is POSTed to the endpoints that take its type, signed as the Standard
            Webhooks specification defines: <code className={code}>webhook-id</code> (the event id, the same on every attempt),{' '}
            <code className={code}>webhook-timestamp</code> and <code className={code}>webhook-signature</code>. Answer 2xx within 15 seconds; otherwise
            FiPay tries again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint failing for 5 days is turned off and you are told. Live
            endpoints must use https. The same event may arrive more than once: handle each <code className={code}>webhook-id</code> once.
          </p>
          <VerifySample />
        </Section>

        <Section id="reference" title="Reference">
          {reference.map((group) => (
            <div key={group.title} className="space-y-4">
              <h3 className="text-base font-semibold text-slate-900">{group.title}</h3>
              {group.endpoints.map((endpoint) => (
                <article key={`${endpoint.method} ${endpoint.path}`} className="space-y-3 rounded-xl border border-slate-200 p-4">
                  <h4 className="flex flex-wrap items-baseline gap-2 font-mono text-sm">
                    <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-700">{endpoint.method}</span>
                    <span className="break-all text-slate-900">
                      {API_BASE}
                      {endpoint.path}
                    </span>
                  </h4>
                  <p className="text-sm text-slate-700">{endpoint.summary}</p>
                  {endpoint.description && <p className="text-xs text-slate-500">{endpoint.description}</p>}
                  <FieldTable caption="Path" schema={endpoint.params} />
                  <FieldTable caption="Query" schema={endpoint.query} />
                  <FieldTable caption="Body" schema={endpoint.body} />
                  <p className="text-xs text-slate-500">
                    Answers {endpoint.status}; refusals: {endpoint.errors.filter((e) => e !== 'INTERNAL').join(', ')}
                  </p>
                  <pre className={block}>{curlFor(endpoint)}</pre>
                </article>
              ))}
            </div>
          ))}
        </Section>
      </main>
    </div>
  );
}
