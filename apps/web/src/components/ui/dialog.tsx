import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** Content between the description and the buttons (a form, a list). */
  body?: ReactNode;
  /** The buttons. On open, focus goes to the element marked data-autofocus, else the first focusable one. */
  children?: ReactNode;
  size?: 'md' | 'lg';
};

/**
 * A modal dialog on Radix: focus moves in on open and back to the opener on close, Tab stays
 * inside, the rest of the page is hidden from assistive technology and cannot be reached, and
 * Escape or a click on the backdrop closes it.
 */
export function Dialog({ open, onClose, title, description, body, children, size = 'md' }: DialogProps) {
  // Our dialogs open from state rather than a Radix trigger, so the opener is remembered here.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <RadixDialog.Content
            aria-modal="true"
            // Radix names a description by default; without one the attribute must go.
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              const panel = event.currentTarget as HTMLElement;
              const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
              const initial = preferred?.matches(focusableSelector) ? preferred : preferred?.querySelector<HTMLElement>(focusableSelector);
              if (!initial) return;
              event.preventDefault();
              initial.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openerRef.current?.focus();
              openerRef.current = null;
            }}
            className={`pointer-events-auto relative max-h-[calc(100dvh-2rem)] w-full overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none ${
              size === 'lg' ? 'max-w-lg' : 'max-w-md'
            }`}
          >
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description asChild>
                <div className="mt-3 text-sm text-slate-600">{description}</div>
              </RadixDialog.Description>
            )}
            {body && <div className="mt-5">{body}</div>}
            {children && <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
