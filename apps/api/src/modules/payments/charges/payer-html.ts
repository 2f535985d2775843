import { formatNaira, paymentMessages, SANDBOX_OTP, testCards, type Checkout, type PayPage } from '@fipay/contracts/payments';

/**
 * The pages customers see (a payment link's page, the hosted checkout, the receipt) as HTML made on the server
 * (docs/decisions/0058-payer-pages-as-server-html.md): plain forms that work without JavaScript, one inline style
 * sheet, system fonts and inline icons, so a phone on a cold cache draws the page from its first answer. The
 * browser script (apps/web/src/payer/enhance.ts) only adds what a plain form cannot: checks before sending,
 * switching the payment method in place, filling a test card, copying the account number, and looking again
 * while a live payment is confirmed.
 */

/** Markup already escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

type Part = Html | string | number | null | undefined | false | Part[];
const partToString = (part: Part): string =>
  part === null || part === undefined || part === false ? '' : part instanceof Html ? part.value : Array.isArray(part) ? part.map(partToString).join('') : escapeHtml(String(part));

/** A template whose values are escaped unless they are Html already (null, undefined and false print nothing). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => (out += partToString(value) + strings[index + 1]!));
  return new Html(out);
}

// Lucide's icons (ISC), drawn inline: no request, no script.
const ICONS = {
  badgeCheck:
    '<path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z"/><path d="m16 9-5.5 5.5L8 12"/>',
  lock: '<rect width="18" height="11" x="3" y="11" rx="2" ry="2"/><path d="M7 11V7a5 5 0 0 1 10 0v4"/>',
  card: '<rect width="20" height="14" x="2" y="5" rx="2"/><line x1="2" x2="22" y1="10" y2="10"/><path d="M6 14h2"/>',
  bank: '<path d="M10 18v-7"/><path d="M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949z"/><path d="M14 18v-7"/><path d="M18 18v-7"/><path d="M3 22h18"/><path d="M6 18v-7"/>',
  copy: '<rect width="14" height="14" x="8" y="8" rx="2" ry="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/>',
  check: '<path d="M20 6 9 17l-5-5"/>',
  circleCheck: '<circle cx="12" cy="12" r="10"/><path d="m16 9-5.5 5.5L8 12"/>',
  circleX: '<circle cx="12" cy="12" r="10"/><path d="m15 9-6 6"/><path d="m9 9 6 6"/>',
  circleAlert: '<circle cx="12" cy="12" r="10"/><line x1="12" x2="12" y1="8" y2="12"/><line x1="12" x2="12.01" y1="16" y2="16"/>',
} as const;

export function icon(name: keyof typeof ICONS, className: string, attributes = ''): Html {
  return new Html(
    `<svg class="${className}" aria-hidden="true" ${attributes}xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[name]}</svg>`,
  );
}

/**
 * The whole style sheet, inline (about 5 KB, under 2 KB compressed): the look of the web app's own components
 * (Tailwind's slate, blue brand, amber and red), with every text at least 4.5:1 against its background.
 */
const STYLE = `*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;line-height:1.5}
body{margin:0;background:#f1f5f9;color:#0f172a;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
h1,h2,p,dl,dd,ul{margin:0}ul{padding:0;list-style:none}
button,input{font:inherit;color:inherit}
a{color:inherit}
[hidden]{display:none!important}
.wait{visibility:hidden}
.wrap{display:flex;min-height:100vh;min-height:100dvh;flex-direction:column;align-items:center;padding:24px 12px}
.card{width:100%;max-width:28rem;overflow:hidden;border:1px solid #e2e8f0;border-radius:16px;background:#fff;box-shadow:0 1px 2px rgb(0 0 0/.05)}
.test{background:#fef3c7;padding:8px 16px;text-align:center;font-size:12px;font-weight:600;letter-spacing:.025em;color:#78350f;text-transform:uppercase}
.biz{display:flex;align-items:center;gap:12px;border-bottom:1px solid #f1f5f9;padding:16px 20px}
.avatar{display:flex;flex-shrink:0;width:40px;height:40px;align-items:center;justify-content:center;border-radius:9999px;background:#eff6ff;color:#1d4ed8;font-weight:700}
.min0{min-width:0}
.trunc{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.bname{font-weight:600}
.verified{display:flex;align-items:center;gap:4px;font-size:12px;font-weight:500;color:#047857}
.main{padding:24px 20px}
.foot{display:flex;align-items:center;gap:8px;margin-top:24px;font-size:12px;color:#475569}
.foot b{font-weight:600;color:#334155}
.i35{width:14px;height:14px;flex-shrink:0}.i4{width:16px;height:16px;flex-shrink:0}.i5{width:20px;height:20px;flex-shrink:0;margin-top:2px}.i8{width:32px;height:32px}.i12{width:48px;height:48px}
.mx{display:block;margin-left:auto;margin-right:auto}
.s1>*+*{margin-top:4px}.s2>*+*{margin-top:8px}.s3>*+*{margin-top:12px}.s4>*+*{margin-top:16px}.s5>*+*{margin-top:20px}.s6>*+*{margin-top:24px}
.center{text-align:center}
.h1{font-size:20px;line-height:28px;font-weight:700}
.h1s{font-size:18px;line-height:28px;font-weight:600}
.amount{font-size:30px;line-height:36px;font-weight:700;letter-spacing:-.025em}
.pt2{padding-top:8px}
.text{font-size:14px;line-height:20px;color:#475569}
.pre{white-space:pre-line}
.note{font-size:12px;line-height:16px;color:#64748b}
.strong{font-size:14px;font-weight:500;color:#1e293b}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.alert{display:flex;gap:12px;border:1px solid;border-radius:8px;padding:12px 16px;font-size:14px;line-height:20px}
.alert.error{border-color:#fecaca;background:#fef2f2;color:#991b1b}
.alert.info{border-color:#dbeafe;background:#eff6ff;color:#1e3a8a}
.field>*+*{margin-top:6px}
label{display:block;font-size:14px;font-weight:500;color:#334155}
input{display:block;width:100%;height:44px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;padding:0 12px;font-size:16px;color:#0f172a}
input::placeholder{color:#64748b}
input:focus{outline:none;border-color:#2563eb;box-shadow:0 0 0 2px rgb(37 99 235/.4)}
input[aria-invalid=true]{border-color:#ef4444}
.err{font-size:12px;font-weight:500;color:#dc2626}
.hint{font-size:12px;color:#64748b}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.btn{display:inline-flex;height:44px;align-items:center;justify-content:center;gap:8px;border:1px solid transparent;border-radius:8px;padding:0 20px;background:#1d4ed8;color:#fff;font-size:14px;font-weight:600;text-decoration:none;cursor:pointer}
.btn:hover{background:#1e3a8a}
.btn:focus-visible,.tab:focus-visible,a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.btn:disabled{cursor:not-allowed;opacity:.6}
.btn.sec{border-color:#cbd5e1;background:#fff;color:#1e293b}.btn.sec:hover{background:#f8fafc}
.btn.sm{height:36px;padding:0 12px}
.full{width:100%}
.summary{display:flex;align-items:flex-end;justify-content:space-between;gap:16px;margin-bottom:24px;border-bottom:1px solid #f1f5f9;padding-bottom:16px}
.summary .min0{text-align:left}.summary .amount{flex-shrink:0;font-size:24px;line-height:32px}
.tabs{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-bottom:20px;border-radius:8px;background:#f1f5f9;padding:4px}
.tab{display:flex;align-items:center;justify-content:center;gap:8px;border-radius:6px;padding:8px 12px;color:#475569;font-size:14px;font-weight:500;text-decoration:none}
.tab:hover{color:#0f172a}
.tab[aria-selected=true]{background:#fff;color:#0f172a;box-shadow:0 1px 2px rgb(0 0 0/.08)}
.mb4{margin-bottom:16px}
.cards{border:1px dashed #cbd5e1;border-radius:8px;padding:16px}
.cards h2{font-size:14px;font-weight:600;color:#1e293b}
.cards ul{margin-top:12px}.cards li+li{margin-top:8px}
.cards li{display:flex;align-items:center;justify-content:space-between;gap:12px;font-size:12px;line-height:16px;color:#64748b}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.cards .mono{display:block;color:#1e293b}
dl.rows{border:1px solid #e2e8f0;border-radius:8px;font-size:14px;line-height:20px}
dl.rows>div{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:12px 16px}
dl.rows>div+div{border-top:1px solid #f1f5f9}
dl.rows dt{flex-shrink:0;color:#64748b}
dl.rows dd{min-width:0;text-align:right;font-weight:500;color:#0f172a;overflow-wrap:anywhere}
dl.rows>div.acct{display:block}
.acct dd{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-top:4px;text-align:left}
.acctno{font-size:20px;font-weight:600;letter-spacing:.05em;user-select:all;-webkit-user-select:all}
.tz{font-weight:400;white-space:nowrap;color:#64748b}
.ok{color:#059669}.bad{color:#dc2626}
.spin{animation:spin 1s linear infinite;border:3px solid #dbeafe;border-top-color:#1d4ed8;border-radius:9999px}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spin{animation-duration:3s}}
@media (min-width:640px){.wrap{justify-content:center;padding:48px 16px}.biz,.main{padding-left:24px;padding-right:24px}}`;

export type Page = { status: number; title: string; body: Html; script: boolean };

/** The document around a page: the style sheet inline, the enhancing script (when the build has one) deferred. */
export function documentOf(page: Pick<Page, 'title' | 'body' | 'script'>, scriptSrc: string | null): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${new Html(STYLE)}</style>
${page.script && scriptSrc ? html`<script type="module" src="${scriptSrc}"></script>` : ''}
</head>
<body>${page.body}</body>
</html>`.value;
}

/** The frame of every payer page: who is paid, a test-mode label when no real money moves, who processes it. */
function frame(content: Html, business?: { name: string; verified?: boolean }, livemode?: boolean): Html {
  return html`<div class="wrap"><main class="card">${
    livemode === false ? html`<p class="test">Test mode: no real money moves</p>` : ''
  }${
    business
      ? html`<header class="biz"><span aria-hidden="true" class="avatar">${business.name.trim().charAt(0).toUpperCase() || '?'}</span><div class="min0"><p class="bname trunc">${business.name}</p>${
          business.verified ? html`<p class="verified">${icon('badgeCheck', 'i35')}Verified business</p>` : ''
        }</div></header>`
      : ''
  }<div class="main">${content}</div></main><footer class="foot">${icon('lock', 'i35')}Secured by <b>FiPay</b></footer></div>`;
}

export function alert(tone: 'error' | 'info', text: string): Html {
  return html`<div role="${tone === 'error' ? 'alert' : 'status'}" class="alert ${tone}">${icon('circleAlert', 'i5')}<div class="min0">${text}</div></div>`;
}

/** An unknown or closed page, said plainly. */
export function noticePage(status: number, title: string, text: string): Page {
  return {
    status,
    title: `${title} · FiPay`,
    script: false,
    body: frame(html`<div class="s2 center" style="padding:16px 0"><h1 class="h1s">${title}</h1><p class="text">${text}</p></div>`),
  };
}

type FieldOptions = {
  name: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  type?: string;
  inputmode?: string;
  autocomplete?: string;
  placeholder?: string;
  maxlength?: number;
  autofocus?: boolean;
  /** What the browser script checks before sending (the server checks again): a pattern and its message. */
  check?: { pattern: string; message: string };
};

/** A labelled input with its error (or hint) tied to it, as the web app's TextField draws it. */
function field(o: FieldOptions): Html {
  const id = `f-${o.name}`;
  const described = o.error ? `${id}-error` : o.hint ? `${id}-hint` : '';
  return html`<div class="field" data-field><label for="${id}">${o.label}</label><input id="${id}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value ?? ''}"${
    o.inputmode ? html` inputmode="${o.inputmode}"` : ''
  }${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.placeholder ? html` placeholder="${o.placeholder}"` : ''}${
    o.maxlength ? html` maxlength="${o.maxlength}"` : ''
  }${o.autofocus ? new Html(' autofocus') : ''}${o.error ? new Html(' aria-invalid="true"') : ''}${described ? html` aria-describedby="${described}"` : ''}${
    o.check ? html` data-pattern="${o.check.pattern}" data-message="${o.check.message}"` : ''
  }>${o.hint ? html`<p id="${id}-hint" class="hint"${o.error ? new Html(' hidden') : ''}>${o.hint}</p>` : ''}<p id="${id}-error" class="err"${
    o.error ? '' : new Html(' hidden')
  }>${o.error ?? ''}</p></div>`;
}

function submitButton(label: string, busy: string): Html {
  return html`<button type="submit" class="btn full" data-busy="${busy}">${label}</button>`;
}

// ---------------------------------------------------------------------------------------------------------------
// The payment link's page

export type PayFormState = { values?: Record<string, string>; errors?: Record<string, string>; failure?: string };

export function payPage(page: PayPage, state: PayFormState = {}, status = 200): Page {
  const title = `${page.name} · ${page.business.name}`;
  const heading = html`<h1 class="h1">${page.name}</h1>`;
  const amount = (spaced: boolean) => (page.amount !== null ? html`<p class="amount${spaced ? ' pt2' : ''}">${formatNaira(page.amount)}</p>` : '');
  if (!page.acceptingPayments) {
    return {
      status,
      title,
      script: false,
      body: frame(html`<div class="s3">${heading}${amount(false)}${alert('info', paymentMessages.businessCannotTakePayments)}</div>`, page.business, page.livemode),
    };
  }
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  const form = html`<form method="post" novalidate class="s4" data-form>${
    page.amount === null
      ? field({ name: 'amount', label: 'Amount (₦)', inputmode: 'decimal', autocomplete: 'off', placeholder: '5,000', value: values.amount, error: errors.amount })
      : ''
  }${field({ name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', value: values.email, error: errors.email })}${field({
    name: 'name',
    label: 'Full name',
    autocomplete: 'name',
    value: values.name,
    error: errors.name,
  })}${page.collectPhone ? field({ name: 'phone', label: 'Phone number', type: 'tel', autocomplete: 'tel', value: values.phone, error: errors.phone }) : ''}${submitButton(
    page.amount === null ? 'Pay' : `Pay ${formatNaira(page.amount)}`,
    'Starting payment...',
  )}</form>`;
  return {
    status,
    title,
    script: true,
    body: frame(
      html`<div class="s6"><div class="s1">${heading}${page.description ? html`<p class="text pre">${page.description}</p>` : ''}${amount(true)}</div>${
        state.failure ? alert('error', state.failure) : ''
      }${form}</div>`,
      page.business,
      page.livemode,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The checkout and its receipt

const lagosDateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });
/** The date and time in Lagos, e.g. '27 Nov 2026, 10:30': the customers are in Nigeria, and the server has no other zone to go by. */
export const formatLagosDateTime = (iso: string) => lagosDateTime.format(new Date(iso));

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

export type CheckoutState = {
  /** The method tab shown (the customer's choice, else the step the checkout is at). */
  method?: 'card' | 'bank_transfer';
  /** The server's word on the last step: a decline, a refusal. */
  notice?: { tone: 'error' | 'info'; text: string };
  card?: { values?: Record<string, string>; errors?: Record<string, string> };
  otpError?: string;
  /** A test card the customer chose with Use on a page without the script. */
  testCard?: string;
};

/** Whether the return address is the checkout itself (no merchant callback), which would lead nowhere. */
function returnsHere(checkout: Checkout, code: string) {
  try {
    return new URL(checkout.returnUrl).pathname === `/checkout/${code}`;
  } catch {
    return true;
  }
}

export function checkoutPage(checkout: Checkout, code: string, state: CheckoutState = {}, status = 200): Page {
  const business = checkout.business;
  const [title, content, script] =
    checkout.status === 'success'
      ? ['Payment successful', receipt(checkout, code), false]
      : checkout.status === 'pending' && checkout.provider === 'paystack'
        ? ['Confirming your payment', confirming(checkout, code), true]
        : checkout.status === 'pending'
          ? [`Pay ${business.name || 'the business'}`, pay(checkout, code, state), true]
          : [checkout.status === 'failed' ? 'Payment failed' : 'Payment closed', closed(checkout, code), false];
  return { status, title: `${title} · FiPay`, script, body: frame(content, business, checkout.livemode) };
}

function summary(checkout: Checkout): Html {
  return html`<div class="summary"><div class="min0"><p class="note">Paying as</p><p class="strong trunc">${checkout.email}</p></div><p class="amount">${formatNaira(
    checkout.amount,
  )}</p></div>`;
}

function pay(checkout: Checkout, code: string, state: CheckoutState): Html {
  const heading = html`<h1 class="sr">Pay ${checkout.business.name || 'the business'}</h1>`;
  if (checkout.step === 'otp') return html`${heading}${summary(checkout)}${otpForm(checkout, code, state)}`;
  const method = state.method ?? (checkout.step === 'bank_transfer' ? 'bank_transfer' : 'card');
  const tab = (value: 'card' | 'bank_transfer', label: string, iconName: 'card' | 'bank') =>
    html`<a role="tab" id="tab-${value}" href="/checkout/${code}?method=${value}" aria-controls="panel-${value}" aria-selected="${String(method === value)}" class="tab" data-tab="${value}">${icon(
      iconName,
      'i4',
    )}${label}</a>`;
  return html`${heading}${summary(checkout)}<div role="tablist" aria-label="Payment method" class="tabs">${tab('card', 'Card', 'card')}${tab(
    'bank_transfer',
    'Bank transfer',
    'bank',
  )}</div>${state.notice ? html`<div class="mb4">${alert(state.notice.tone, state.notice.text)}</div>` : ''}<div role="tabpanel" id="panel-card" aria-labelledby="tab-card"${
    method === 'card' ? '' : new Html(' hidden')
  }>${cardForm(checkout, code, state)}</div><div role="tabpanel" id="panel-bank_transfer" aria-labelledby="tab-bank_transfer"${
    method === 'bank_transfer' ? '' : new Html(' hidden')
  }>${bankTransfer(checkout, code)}</div>`;
}

function cardForm(checkout: Checkout, code: string, state: CheckoutState): Html {
  const chosen = testCards.find((card) => card.number === state.testCard);
  const values = chosen ? { number: spaced(chosen.number), expiry: '12/30', cvv: '123' } : (state.card?.values ?? {});
  const errors = state.card?.errors ?? {};
  const form = html`<form method="post" action="/checkout/${code}/card" novalidate class="s4" data-form>${field({
    name: 'number',
    label: 'Card number',
    inputmode: 'numeric',
    autocomplete: 'cc-number',
    placeholder: '0000 0000 0000 0000',
    value: values.number,
    error: errors.number,
    check: { pattern: '^[\\s-]*(\\d[\\s-]*){12,19}$', message: paymentMessages.cardNumberInvalid },
  })}<div class="grid2">${field({
    name: 'expiry',
    label: 'Expiry (MM/YY)',
    inputmode: 'numeric',
    autocomplete: 'cc-exp',
    placeholder: 'MM/YY',
    value: values.expiry,
    error: errors.expiry,
    check: { pattern: '^\\s*(0[1-9]|1[0-2])\\s*/\\s*\\d{2}\\s*$', message: paymentMessages.expiryInvalid },
  })}${field({
    name: 'cvv',
    label: 'CVV',
    inputmode: 'numeric',
    autocomplete: 'cc-csc',
    placeholder: '123',
    maxlength: 3,
    value: values.cvv,
    error: errors.cvv,
    check: { pattern: '^\\s*\\d{3}\\s*$', message: paymentMessages.cvvInvalid },
  })}</div>${submitButton(`Pay ${formatNaira(checkout.amount)}`, 'Paying...')}${
    checkout.attemptsLeft < 3 ? html`<p class="note center">${checkout.attemptsLeft} ${checkout.attemptsLeft === 1 ? 'try' : 'tries'} left</p>` : ''
  }</form>`;
  const cards = checkout.livemode
    ? ''
    : html`<section aria-labelledby="test-cards" class="cards"><h2 id="test-cards">Test cards</h2><p class="note" style="margin-top:4px">Any future expiry date and any 3-digit CVV. OTP: ${SANDBOX_OTP}.</p><ul>${testCards.map(
        (card) =>
          html`<li><span class="min0"><span class="mono">${spaced(card.number)}</span>${card.description}</span><form method="get" action="/checkout/${code}"><input type="hidden" name="card" value="${card.number}"><button type="submit" class="btn sec sm" data-use="${spaced(card.number)}">Use</button></form></li>`,
      )}</ul></section>`;
  return html`<div class="s6">${form}${cards}</div>`;
}

function otpForm(checkout: Checkout, code: string, state: CheckoutState): Html {
  return html`<form method="post" action="/checkout/${code}/otp" novalidate class="s4" data-form>${alert('info', paymentMessages.otpSent)}${
    state.notice ? alert(state.notice.tone, state.notice.text) : ''
  }${field({
    name: 'otp',
    label: 'OTP',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    autofocus: true,
    error: state.otpError,
    hint: checkout.livemode ? undefined : `Test mode: ${SANDBOX_OTP}`,
    check: { pattern: '^\\s*\\d{4,8}\\s*$', message: paymentMessages.otpInvalid },
  })}${submitButton('Complete payment', 'Checking...')}</form>`;
}

function bankTransfer(checkout: Checkout, code: string): Html {
  const account = checkout.bankTransfer;
  if (!account) {
    return html`<form method="post" action="/checkout/${code}/bank-transfer" class="s4" data-form><p class="text">Pay from your bank app into an account made for this payment.</p><button type="submit" class="btn full" data-busy="Getting account...">Get account details</button></form>`;
  }
  const row = (label: string, value: string | Html) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
  return html`<div class="s4"><p class="text">${paymentMessages.transferAccountShown}</p><dl class="rows"><div class="acct"><dt>Account number</dt><dd><span class="mono acctno">${
    account.accountNumber
  }</span><button type="button" aria-label="Copy account number" data-copy="${account.accountNumber}" data-what="account number" class="btn sec sm wait">${icon(
    'copy',
    'i4',
    'data-idle ',
  )}${icon('check', 'i4 ok', 'data-done hidden ')}<span data-label>Copy</span></button><span role="status" class="sr"></span></dd></div>${row('Bank', account.bankName)}${row(
    'Account name',
    account.accountName,
  )}${row('Amount', formatNaira(checkout.amount))}${row(
    'Valid until',
    html`<time datetime="${account.expiresAt}">${formatLagosDateTime(account.expiresAt)}</time> <span class="tz">(Lagos time)</span>`,
  )}</dl>${
    checkout.livemode
      ? ''
      : html`<form method="post" action="/checkout/${code}/bank-transfer/simulate" data-form><button type="submit" class="btn full" data-busy="Confirming...">Simulate the transfer arriving</button></form>`
  }</div>`;
}

function receipt(checkout: Checkout, code: string): Html {
  const rows: [string, string][] = [
    ['Reference', checkout.reference],
    ['Paid on', checkout.paidAt ? formatLagosDateTime(checkout.paidAt) : ''],
    ['Method', checkout.channel === 'bank_transfer' ? 'Bank transfer' : 'Card'],
    // A test payment's receipt is emailed only to the business's own addresses (the server decides).
    [checkout.livemode ? 'Receipt sent to' : 'Email', checkout.email],
  ];
  return html`<div class="s5 center">${icon('circleCheck', 'i12 mx ok')}<div class="s1"><h1 class="h1">Payment successful</h1><p class="amount">${formatNaira(
    checkout.amount,
  )}</p><p class="text">paid to ${checkout.business.name}</p></div><dl class="rows" style="text-align:left">${rows.map(
    ([label, value]) => html`<div><dt>${label}</dt><dd class="trunc">${value}</dd></div>`,
  )}</dl>${returnsHere(checkout, code) ? '' : html`<a href="${checkout.returnUrl}" class="btn full">Return to ${checkout.business.name}</a>`}</div>`;
}

/** Back from Paystack's page: the server asks Paystack on each look; the script looks again every few seconds; without it, a link does. */
function confirming(checkout: Checkout, code: string): Html {
  return html`<div class="s4 center" data-poll="/api/v1/checkout/${code}"><h1 class="sr">Confirming your payment</h1>${summary(checkout)}<div class="spin i8 mx"></div><p class="text">${
    paymentMessages.confirming
  }</p><noscript><p class="note"><a href="/checkout/${code}">Check again</a></p></noscript></div>`;
}

function closed(checkout: Checkout, code: string): Html {
  const failed = checkout.status === 'failed';
  return html`<div class="s4 center">${icon('circleX', 'i12 mx bad')}<h1 class="h1">${failed ? 'Payment failed' : 'Payment closed'}</h1><p class="text">${
    failed ? paymentMessages.tooManyAttempts : paymentMessages.checkoutClosed
  }</p>${failed && checkout.gatewayResponse ? html`<p class="note">Last answer from the bank: ${checkout.gatewayResponse}</p>` : ''}${wayBack(checkout, code)}</div>`;
}

/** Out of a closed payment: a new one from the link it came from, else back to the business's site, else words on what to do. */
function wayBack(checkout: Checkout, code: string): Html {
  const business = checkout.business.name || 'the business';
  if (checkout.paymentLink) return html`<a href="/pay/${encodeURIComponent(checkout.paymentLink.slug)}" class="btn full">Start a new payment</a>`;
  if (!returnsHere(checkout, code)) return html`<a href="${checkout.returnUrl}" class="btn full">Return to ${business}</a>`;
  return html`<p class="strong">To pay, go back to ${business} and start a new payment there.</p>`;
}
