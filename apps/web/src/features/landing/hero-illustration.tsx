const bars = [38, 52, 44, 66, 58, 80, 72];

const activity = [
  { label: 'Collection', detail: 'Adaeze Foods Ltd', amount: '+₦450,000.00', tone: 'text-emerald-700', dot: 'bg-emerald-500' },
  { label: 'Payout', detail: 'To bank ••4821', amount: '−₦1,200,000.00', tone: 'text-slate-900', dot: 'bg-brand-500' },
  { label: 'Trade', detail: 'USD to NGN', amount: '+₦3,100,000.00', tone: 'text-emerald-700', dot: 'bg-amber-500' },
];

/** Decorative product sketch drawn with CSS and inline SVG; the figures are invented, so it is hidden from assistive tech. */
export function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-lg">
      <div className="absolute -inset-4 rounded-[2.5rem] bg-linear-to-tr from-brand-100 via-sky-50 to-emerald-50 sm:-inset-6" />

      <div className="relative rounded-3xl border border-slate-200 bg-white p-5 shadow-2xl shadow-brand-900/10 sm:p-6">
        <div className="flex items-center justify-between">
          <span className="text-sm font-medium text-slate-500">Business balance</span>
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">Verified</span>
        </div>
        <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900">₦24,580,000.00</p>

        <svg viewBox="0 0 280 96" className="mt-5 h-24 w-full">
          <defs>
            <linearGradient id="hero-bar" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#2563eb" />
              <stop offset="100%" stopColor="#93c5fd" />
            </linearGradient>
          </defs>
          <line x1="0" y1="95" x2="280" y2="95" stroke="#e2e8f0" strokeWidth="2" />
          {bars.map((height, index) => (
            <rect key={index} x={8 + index * 39} y={95 - height} width="24" height={height} rx="6" fill="url(#hero-bar)" />
          ))}
          <polyline
            points={bars.map((height, index) => `${20 + index * 39},${88 - height}`).join(' ')}
            fill="none"
            stroke="#10b981"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>

        <ul className="mt-5 space-y-3">
          {activity.map((item) => (
            <li key={item.label} className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2.5">
              <span className="flex min-w-0 items-center gap-3">
                <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${item.dot}`} />
                <span className="min-w-0 leading-tight">
                  <span className="block text-sm font-semibold text-slate-800">{item.label}</span>
                  <span className="block truncate text-xs text-slate-500">{item.detail}</span>
                </span>
              </span>
              <span className={`shrink-0 text-sm font-semibold ${item.tone}`}>{item.amount}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="absolute -top-3 right-3 flex gap-1.5 sm:-top-5 sm:-right-4">
        {['USD', 'GBP', 'EUR'].map((code) => (
          <span key={code} className="rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-bold text-slate-700 shadow-md">
            {code}
          </span>
        ))}
      </div>
      <div className="absolute -bottom-4 left-3 flex gap-1.5 sm:-bottom-6 sm:-left-4">
        {['BTC', 'ETH', 'USDT'].map((code) => (
          <span key={code} className="rounded-full bg-slate-900 px-2.5 py-1 text-xs font-bold text-white shadow-md">
            {code}
          </span>
        ))}
      </div>
    </div>
  );
}
