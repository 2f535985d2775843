// The route watcher in the root layout must not import the toast library: pages that open before
// any interaction load it later (docs/decisions/0012). The toaster, once mounted, registers how
// to dismiss the error toasts; before that there are none to dismiss.
let dismissErrors: (() => void) | null = null;

export function registerErrorToastDismisser(dismiss: () => void) {
  dismissErrors = dismiss;
  return () => {
    if (dismissErrors === dismiss) dismissErrors = null;
  };
}

export function dismissErrorToasts() {
  dismissErrors?.();
}
