import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { HeroIllustration } from './hero-illustration';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-8 lg:px-8 lg:pt-24 lg:pb-24">
        <div className="max-w-xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
            Built in Lagos for Nigerian businesses
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-tight xl:text-6xl xl:leading-[1.1]">
            Business payments and collections for Nigerian companies
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">
            Collect from your customers, pay out to any Nigerian bank account and trade USD, GBP, EUR, NGN and crypto
            from one verified business account.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to={paths.signup}
              className="inline-flex items-center justify-center rounded-xl bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-lg shadow-brand-700/25 hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Sign up
            </Link>
            <Link
              to={paths.login}
              className="inline-flex items-center justify-center rounded-xl border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Sign in
            </Link>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
