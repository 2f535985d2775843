import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import LogOutIcon from 'lucide-react/icons/log-out';
import MessagesIcon from 'lucide-react/icons/message-square-text';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCommunityLinks } from '../../features/community/api/community';
import { useLimits } from '../../features/limits/api/limits';
import { IncreaseLimitsDialog } from '../../features/limits/components/increase-limits-dialog';
import { profileMenuEntries } from './shell-nav';

/** Shown for a limit while today's figures load or cannot be had: never a figure that is not true. */
export const LIMIT_UNKNOWN = '…';

type ProfileMenuProps = {
  fullName: string;
  maskedEmail: string;
  onLogout: () => void;
  isLoggingOut: boolean;
};

const itemBase =
  'flex h-10 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm font-medium outline-none focus-visible:outline-2 focus-visible:outline-brand-700';
const itemClasses = `${itemBase} text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900`;

function initials(fullName: string) {
  const letters = fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase());
  return (letters[0] ?? '') + (letters.length > 1 ? letters[letters.length - 1] : '');
}

/**
 * The top bar's profile menu (SPEC.md section 2) on Radix's dropdown menu: arrow keys, Home, End and
 * typing move between its entries, Escape or a click outside closes it and focus goes back to its
 * button. It is not modal, so a click outside also reaches what was clicked, and it closes on
 * navigation (Back included).
 */
export function ProfileMenu({ fullName, maskedEmail, onLogout, isLoggingOut }: ProfileMenuProps) {
  const { pathname } = useLocation();
  // Open only on the page where it was opened, so any navigation (links, Back) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const limitsId = useId();
  const [raising, setRaising] = useState(false);
  // What is really left today, in the mode the dashboard is in; loaded when the menu opens, fresh each time.
  const limits = useLimits(open);
  const figures = limits.data?.limits;
  // The community site is the server's setting (COMMUNITY_URL), asked for once when the menu first opens.
  const communityUrl = useCommunityLinks(open).data?.url;

  return (
    <>
      <DropdownMenu.Root modal={false} open={open} onOpenChange={(next) => setOpenAt(next ? pathname : null)}>
        <DropdownMenu.Trigger
          aria-label="Profile menu"
          className="group flex h-10 items-center gap-1.5 rounded-full py-1 pr-1.5 pl-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=open]:bg-slate-100"
        >
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-full bg-brand-700 text-xs font-semibold text-white"
          >
            {initials(fullName)}
          </span>
          <ChevronDownIcon className="hidden h-4 w-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180 sm:block" />
        </DropdownMenu.Trigger>

        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={12}
            loop
            className="z-40 w-72 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10 focus:outline-none"
          >
            <div className="px-3 pt-2 pb-3">
              <p className="truncate text-sm font-semibold text-slate-900">{fullName}</p>
              <p className="truncate text-sm text-slate-500">{maskedEmail}</p>
            </div>

            <section aria-labelledby={limitsId} className="mx-1 mb-2 rounded-xl bg-slate-50 p-3">
              <h2 id={limitsId} className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
                Your Crypto Limits
              </h2>
              <dl id={`${limitsId}-figures`} className="mt-2 space-y-1.5 text-sm" aria-busy={limits.isPending || undefined}>
                {(figures ?? (['Buy/Sell', 'Send'] as const).map((label) => ({ label, left: null }))).map(({ label, left }) => (
                  <div key={label} className="flex items-center justify-between gap-3">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{left === null ? LIMIT_UNKNOWN : `${left} left`}</dd>
                  </div>
                ))}
              </dl>
              {limits.isError && <p className="mt-1.5 text-xs text-red-600">Your limits could not be loaded.</p>}
              <DropdownMenu.Item
                // A menu reads out only its items, so the limits are this item's description.
                aria-describedby={`${limitsId}-figures`}
                onSelect={() => setRaising(true)}
                className="mt-3 flex h-9 w-full cursor-pointer items-center justify-center rounded-lg bg-brand-700 text-sm font-semibold text-white outline-none hover:bg-brand-900 data-[highlighted]:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                Increase Limits
              </DropdownMenu.Item>
            </section>

            <DropdownMenu.Group className="space-y-0.5 border-t border-slate-100 pt-2">
              {profileMenuEntries.map(({ label, to, icon: Icon }) => (
                <DropdownMenu.Item key={to} asChild className={itemClasses}>
                  <Link to={to}>
                    <Icon className="h-4.5 w-4.5 shrink-0 text-slate-500" />
                    {label}
                  </Link>
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Item asChild disabled={!communityUrl} className={`${itemClasses} data-[disabled]:cursor-wait data-[disabled]:opacity-60`}>
                <a href={communityUrl} target="_blank" rel="noopener noreferrer">
                  <MessagesIcon className="h-4.5 w-4.5 shrink-0 text-slate-500" />
                  <span className="flex-1">Join Community</span>
                  <ExternalLinkIcon className="h-4 w-4 shrink-0 text-slate-400" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </DropdownMenu.Item>
            </DropdownMenu.Group>
            <DropdownMenu.Separator className="my-2 h-px bg-slate-100" />
            <DropdownMenu.Item
              onSelect={onLogout}
              disabled={isLoggingOut}
              className={`${itemBase} text-red-700 hover:bg-red-50 hover:text-red-800 data-[highlighted]:bg-red-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60`}
            >
              <LogOutIcon className="h-4.5 w-4.5 shrink-0" />
              Log Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <IncreaseLimitsDialog open={raising} onClose={() => setRaising(false)} />
    </>
  );
}
