import { kybSteps } from '@fipay/contracts/kyb-options';
import { createContext, useContext, useEffect, useRef } from 'react';
import { paths } from '../../config/paths';

/**
 * What the onboarding layout (kyc-layout.tsx) offers the step pages rendered in its <Outlet />.
 *
 *   const { step, previousPath, nextPath, goNext, goBack, requestLeave } = useKycNavigation();
 *
 * - `goNext()` after a successful save goes to the next step; after step 5 that is /dashboard. The
 *   save's mutation has already moved the application's progress, so the checklist ticks the step.
 * - `goBack()` goes to the previous step (a step's own Back button); on step 1 it asks to leave.
 * - `requestLeave()` does what the layout's 'I'll do this later' link does, for a step that shows
 *   its own button (step 5 puts one beside Submit).
 *
 * By default 'I'll do this later' opens the 'Leave this page?' dialog and 'Yes, leave' goes to
 * /dashboard. A step changes that while it is mounted with `useKycLeaveOverride`:
 *
 *   useKycLeaveOverride({ onConfirm: () => clearLocalDocuments() }); // step 3: clear, then leave
 *   useKycLeaveOverride({ onClick: () => navigate(-1) });            // step 4: back one page, no dialog
 *   useKycLeaveOverride({ onClick: () => navigate('/dashboard'), hideLink: true }); // step 5
 *
 * The callbacks may be inline functions: the latest ones are used, and the override is dropped
 * when the step unmounts.
 */
export type KycLeaveOverride = {
  /** Runs after 'Yes, leave' is confirmed, before going to /dashboard. */
  onConfirm?: () => void;
  /** Runs instead of opening the dialog. */
  onClick?: () => void;
  /** Hides the layout's link, for a step that renders its own. */
  hideLink?: boolean;
};

export type KycNavigation = {
  /** 1 to 5: the step whose page is showing. */
  step: number;
  title: string;
  /** null on step 1. */
  previousPath: string | null;
  /** /dashboard after the last step. */
  nextPath: string;
  goNext: () => void;
  goBack: () => void;
  requestLeave: () => void;
};

/** What a step registered: `latest` always holds its newest callbacks. */
export type RegisteredLeaveOverride = { latest: { current: KycLeaveOverride | null }; hideLink: boolean };

type KycLayoutContext = KycNavigation & {
  setLeaveOverride: (override: RegisteredLeaveOverride | null) => void;
};

export const KycLayoutContext = createContext<KycLayoutContext | null>(null);

function useKycLayoutContext() {
  const context = useContext(KycLayoutContext);
  if (!context) throw new Error('KYC steps must be rendered inside the KYC layout');
  return context;
}

export function useKycNavigation(): KycNavigation {
  const { setLeaveOverride: _setLeaveOverride, ...navigation } = useKycLayoutContext();
  return navigation;
}

export function useKycLeaveOverride(override: KycLeaveOverride | null | undefined) {
  const { setLeaveOverride } = useKycLayoutContext();
  const latest = useRef<KycLeaveOverride | null>(override ?? null);
  useEffect(() => {
    latest.current = override ?? null;
  });
  const active = Boolean(override);
  const hideLink = Boolean(override?.hideLink);
  useEffect(() => {
    if (!active) return;
    setLeaveOverride({ latest, hideLink });
    return () => setLeaveOverride(null);
  }, [active, hideLink, setLeaveOverride]);
}

/** Step numbers, titles and paths, in order (SPEC.md section 2). */
export function stepForPath(pathname: string) {
  const normalised = pathname.replace(/\/+$/, '') || '/';
  return kybSteps.find((s) => s.path === normalised) ?? kybSteps[0];
}

export function navigationFor(step: number) {
  const index = kybSteps.findIndex((s) => s.step === step);
  return {
    previousPath: index > 0 ? kybSteps[index - 1]!.path : null,
    nextPath: index >= 0 && index < kybSteps.length - 1 ? kybSteps[index + 1]!.path : paths.dashboard,
  };
}
