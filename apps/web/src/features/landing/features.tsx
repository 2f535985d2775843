import type { ReactNode } from 'react';

type Feature = { title: string; body: string; icon: ReactNode };

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'h-6 w-6',
  'aria-hidden': true,
} as const;

const features: readonly Feature[] = [
  {
    title: 'Collections',
    body: 'Take payments from customers by bank transfer or a shareable payment link and see every collection land in one balance.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 3v12m0 0-4-4m4 4 4-4" />
        <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      </svg>
    ),
  },
  {
    title: 'Payouts to Nigerian bank accounts',
    body: 'Add your settlement bank once. After it is verified, send payouts and withdrawals to any Nigerian bank account.',
    icon: (
      <svg {...iconProps}>
        <path d="M3 10 12 4l9 6" />
        <path d="M5 10v8m4.7-8v8m4.6-8v8M19 10v8" />
        <path d="M3 20h18" />
      </svg>
    ),
  },
  {
    title: 'Trade fiat and crypto',
    body: 'Buy and sell USD, GBP, EUR and NGN, and trade BTC, ETH, USDC and USDT from the same business account.',
    icon: (
      <svg {...iconProps}>
        <path d="M7 7h13m0 0-3.5-3.5M20 7l-3.5 3.5" />
        <path d="M17 17H4m0 0 3.5 3.5M4 17l3.5-3.5" />
      </svg>
    ),
  },
  {
    title: 'Business verification',
    body: 'Go live after five short steps: business type, business profile, documents, representatives and bank details.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
        <path d="m9 12 2 2 4-4" />
      </svg>
    ),
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-heading" className="bg-white pt-8 pb-16 sm:pt-12 sm:pb-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Why FiPay</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Everything your business needs to move money
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            One account for getting paid, paying out and trading, built for businesses in Nigeria.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-700 text-white">{feature.icon}</span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
