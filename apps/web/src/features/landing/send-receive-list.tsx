import { useId, type ComponentPropsWithoutRef, type ComponentType } from 'react';
import { walletReceivePath, walletSendPath } from '../../config/paths';
import { fundActions, sendReceiveGroups } from './landing-content';

export type MenuLink = ComponentType<ComponentPropsWithoutRef<'a'>>;

const symbolColours: Record<string, string> = {
  FiPay: 'bg-brand-100 text-brand-700',
  Crypto: 'bg-amber-100 text-amber-800',
};

/** The currency grid shared by the desktop 'Send & Receive Fund' menu and the mobile nav. */
export function SendReceiveList({ link: Anchor }: { link: MenuLink }) {
  // The list is mounted twice (desktop menu and mobile nav), so heading ids need a per-instance prefix.
  const idPrefix = useId();
  return (
    <div className="grid gap-5 sm:grid-cols-2 sm:gap-6">
      {sendReceiveGroups.map((group) => {
        const headingId = `${idPrefix}-${group.label.toLowerCase()}`;
        return (
          <div key={group.label}>
            <p id={headingId} className="px-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {group.label}
            </p>
            <ul aria-labelledby={headingId} className="mt-2 space-y-1">
              {group.currencies.map((currency) => (
                <li key={currency.code} className="flex items-center justify-between gap-3 rounded-lg px-2 py-1.5">
                  <span className="flex min-w-0 items-center gap-2.5">
                    <span
                      aria-hidden="true"
                      className={`grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold ${symbolColours[group.label] ?? ''}`}
                    >
                      {currency.symbol}
                    </span>
                    <span className="min-w-0 leading-tight">
                      <span className="block text-sm font-semibold text-slate-900">{currency.code}</span>
                      <span className="block truncate text-xs text-slate-500">{currency.name}</span>
                    </span>
                  </span>
                  <span className="flex shrink-0 gap-1">
                    {fundActions.map((action) => (
                      <Anchor
                        key={action}
                        href={action === 'Send' ? walletSendPath(currency.code) : walletReceivePath(currency.code)}
                        aria-label={`${action} ${currency.code}`}
                        className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
                      >
                        {action}
                      </Anchor>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
