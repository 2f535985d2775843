import ArrowRightLeftIcon from 'lucide-react/icons/arrow-right-left';
import DownloadIcon from 'lucide-react/icons/download';
import LandmarkIcon from 'lucide-react/icons/landmark';
import ShieldCheckIcon from 'lucide-react/icons/shield-check';
import type { ReactNode } from 'react';

type Feature = { title: string; body: string; icon: ReactNode };

const iconClass = 'h-6 w-6';
const iconStroke = 1.8;

const features: readonly Feature[] = [
  {
    title: 'Collections',
    body: 'Take payments from customers by bank transfer or a shareable payment link and see every collection land in one balance.',
    icon: <DownloadIcon strokeWidth={iconStroke} className={iconClass} />,
  },
  {
    title: 'Payouts to Nigerian bank accounts',
    body: 'Add your settlement bank once. After it is verified, send payouts and withdrawals to any Nigerian bank account.',
    icon: <LandmarkIcon strokeWidth={iconStroke} className={iconClass} />,
  },
  {
    title: 'Trade fiat and crypto',
    body: 'Buy and sell USD, GBP, EUR and NGN, and trade BTC, ETH, USDC and USDT from the same business account.',
    icon: <ArrowRightLeftIcon strokeWidth={iconStroke} className={iconClass} />,
  },
  {
    title: 'Business verification',
    body: 'Go live after five short steps: business type, business profile, documents, representatives and bank details.',
    icon: <ShieldCheckIcon strokeWidth={iconStroke} className={iconClass} />,
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
