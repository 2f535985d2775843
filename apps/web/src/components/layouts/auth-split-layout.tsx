import type { ReactNode } from 'react';
import { BrandIllustration } from '../brand/brand-illustration';
import { Logo } from '../brand/logo';

export const LOGIN_TAGLINE = 'Your gateway to seamless transactions';

/** Form on the left, brand panel on the right; the panel is dropped on small screens. */
export function AuthSplitLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh bg-white">
      <main className="flex w-full flex-col px-5 py-6 sm:px-10 lg:w-1/2 lg:px-16 xl:px-24">
        <Logo />
        {/* From the top rather than centred: the form stays close to the logo, and sign-up's longer step still fits an 800 px screen. */}
        <div className="flex flex-1 items-start justify-center pt-8 pb-2 sm:pt-10 lg:pt-8">
          <div className="w-full max-w-md">{children}</div>
        </div>
      </main>
      <aside className="sticky top-0 hidden h-dvh w-1/2 flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-700 to-brand-900 p-12 text-white lg:flex">
        <p className="text-sm font-medium text-brand-100">FiPay for Business</p>
        <BrandIllustration className="mx-auto w-full max-w-lg" />
        <div className="space-y-3">
          <p className="text-3xl leading-tight font-bold xl:text-4xl">{LOGIN_TAGLINE}</p>
          <p className="max-w-md text-brand-100">
            Collect payments, pay out and trade currencies for your business from one secure account.
          </p>
        </div>
      </aside>
    </div>
  );
}
