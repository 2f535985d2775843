import { TOAST_DURATION_MS, TOAST_LIMIT } from '@fipay/contracts/limits';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** The one toast area for every route (SPEC.md sections 2 and 9). */
export function AppToaster() {
  const { toasts } = useToasterStore();

  // react-hot-toast has no public limit option; dismiss the oldest beyond the cap.
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_LIMIT)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS.blank,
        success: { duration: TOAST_DURATION_MS.success },
        error: { duration: TOAST_DURATION_MS.error },
        className: 'text-sm',
      }}
    />
  );
}
