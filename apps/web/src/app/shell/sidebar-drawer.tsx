import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import MenuIcon from 'lucide-react/icons/menu';
import CloseIcon from 'lucide-react/icons/x';
import { Logo } from '../../components/brand/logo';
import { paths } from '../../config/paths';
import { SidebarBody } from './sidebar';

type SidebarDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/**
 * The sidebar on phones: the top bar's menu button opens it as a modal Radix dialog from the left.
 * Focus starts on the first entry and stays inside, the page behind is inert and does not scroll,
 * and Escape, a click outside, the close button or choosing an entry closes it with focus back on
 * the menu button. It renders that menu button too, as the dialog's trigger.
 */
export function SidebarDrawer({ open, onOpenChange, onLogout, isLoggingOut }: SidebarDrawerProps) {
  const navId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Menu"
          className="grid h-10 w-10 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <Dialog.Content
          aria-modal="true"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('nav a[href]');
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          // A chosen link closes the drawer even when it leads to the page already showing.
          onClick={(event) => {
            if ((event.target as Element).closest('a')) onOpenChange(false);
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-slate-200 bg-white shadow-2xl focus:outline-none md:hidden"
        >
          <Dialog.Title className="sr-only">Sidebar</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Logo to={paths.dashboard} />
            <Dialog.Close
              aria-label="Close menu"
              className="grid h-10 w-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <SidebarBody navId={navId} iconOnly={false} onLogout={onLogout} isLoggingOut={isLoggingOut} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
