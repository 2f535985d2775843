import type { ReactNode } from 'react';
import { placeholderHref } from './landing-content';

type Badge = { label: string; kicker: string; store: string; icon: ReactNode };

const badges: readonly Badge[] = [
  {
    label: 'Download on the App Store',
    kicker: 'Download on the',
    store: 'App Store',
    icon: (
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true">
        <path d="M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701" />
      </svg>
    ),
  },
  {
    label: 'Get it on Google Play',
    kicker: 'Get it on',
    store: 'Google Play',
    icon: (
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
        <path d="M3.6 1.8 13.4 12l-9.8 10.2c-.4-.2-.6-.6-.6-1.1V2.9c0-.5.2-.9.6-1.1Z" fill="#2196f3" />
        <path d="M16.8 8.6 13.4 12 3.6 1.8c.3-.2.8-.2 1.2 0l12 6.8Z" fill="#4caf50" />
        <path d="M16.8 15.4 4.8 22.2c-.4.2-.9.2-1.2 0L13.4 12l3.4 3.4Z" fill="#f44336" />
        <path d="m20.4 10.6-3.6-2L13.4 12l3.4 3.4 3.6-2c1.1-.6 1.1-2.2 0-2.8Z" fill="#ffc107" />
      </svg>
    ),
  },
];

/** Store badges drawn in JSX: the strict CSP and the no-network rule leave out the official image files. */
export function AppBadges() {
  return (
    <ul className="flex flex-wrap gap-3">
      {badges.map((badge) => (
        <li key={badge.store}>
          <a
            href={placeholderHref}
            aria-label={badge.label}
            className="flex h-12 min-w-40 items-center gap-2.5 rounded-xl border border-slate-600 bg-black px-3.5 text-white hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {badge.icon}
            <span className="leading-none">
              <span className="block text-[0.65rem] font-medium tracking-wide uppercase">{badge.kicker}</span>
              <span className="mt-0.5 block text-lg font-semibold">{badge.store}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
