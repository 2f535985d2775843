import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import LockIcon from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * The frame of the pages customers see (a payment link, the checkout, the receipt): the business
 * they pay, a test-mode label when no real money moves, and who processes the payment. Built for a
 * phone first.
 */
export function PublicFrame({ business, livemode, children }: { business?: { name: string; verified?: boolean }; livemode?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-100 px-3 py-6 sm:justify-center sm:px-4 sm:py-12">
      <main className="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {livemode === false && (
          <p className="bg-amber-100 px-4 py-2 text-center text-xs font-semibold tracking-wide text-amber-900 uppercase">
            Test mode: no real money moves
          </p>
        )}
        {business && (
          <header className="flex items-center gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
            <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-base font-bold text-brand-700">
              {business.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{business.name}</p>
              {business.verified && (
                <p className="flex items-center gap-1 text-xs font-medium text-emerald-700">
                  <BadgeCheckIcon aria-hidden="true" className="h-3.5 w-3.5" />
                  Verified business
                </p>
              )}
            </div>
          </header>
        )}
        <div className="px-5 py-6 sm:px-6">{children}</div>
      </main>
      <footer className="mt-6 flex items-center gap-2 text-xs text-slate-500">
        <LockIcon aria-hidden="true" className="h-3.5 w-3.5" />
        Secured by <span className="font-semibold text-slate-700">FiPay</span>
      </footer>
    </div>
  );
}

/** An unknown or closed page, said plainly. */
export function PublicNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicFrame>
      <div className="space-y-2 py-4 text-center">
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{children}</p>
      </div>
    </PublicFrame>
  );
}

/** A public page that could not load: the page's own words when it does not exist (404), else the server's message. */
export function PublicLoadFailure({ error, notFound }: { error: unknown; notFound: { title: string; text: string } }) {
  const unknown = error instanceof ApiError && error.status === 404;
  return (
    <PublicNotice title={unknown ? notFound.title : 'Something went wrong'}>
      {unknown ? notFound.text : errorMessage(error, 'This page could not be loaded. Try again.')}
    </PublicNotice>
  );
}
