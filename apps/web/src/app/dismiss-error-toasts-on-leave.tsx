import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dismissErrorToasts } from './error-toasts';

/**
 * Errors belong to the page they were raised on: leaving it dismisses them, so a refused
 * submission does not follow the user onto the next screen. Rendered inside the router.
 */
export function DismissErrorToastsOnLeave() {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);

  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    dismissErrorToasts();
  }, [pathname]);

  return null;
}
