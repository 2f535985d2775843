import { developerMessages } from '@fipay/contracts/developers';
import { useQueryClient } from '@tanstack/react-query';
import TriangleAlertIcon from 'lucide-react/icons/triangle-alert';
import { useEffect, useId } from 'react';
import toast from 'react-hot-toast';
import { companyQueryOptions } from '../../../api/company';
import { useAuthStore } from '../../../stores/auth-store';
import { useMode } from '../../../stores/mode-store';
import { liveModeQueryOptions, useLiveMode } from '../api/live-mode-api';

/**
 * The Test/Live switch of the top bar. Live mode opens once the business verification is approved; a user
 * whose approval is withdrawn is put back in test mode. The server checks the same on every live call, so a
 * stale copy of the company can only offer a switch the server then refuses. Live mode may be on while live
 * payments cannot be taken (FiPay's payment provider is not set up or not answering): switching says so, and the
 * switch stays marked until they can (docs/decisions/0045-one-live-rule-and-provider-readiness.md).
 */
export function ModeSwitch() {
  const [mode, setMode] = useMode();
  const queryClient = useQueryClient();
  // The company as last loaded (kept with the session and refreshed by every company query).
  const status = useAuthStore((state) => state.company?.application?.status.code);
  const approved = status === 'APPROVED';
  const live = mode === 'live';
  const standing = useLiveMode({ enabled: live }).data;
  const paymentsOff = live && standing?.open === true && !standing.ready;
  const noticeId = useId();

  useEffect(() => {
    if (live && status !== undefined && !approved) setMode('test');
  }, [live, status, approved, setMode]);

  async function toggle() {
    if (live) return setMode('test');
    // The copy kept with the session may predate an approval: ask the server before refusing.
    const fresh = approved ? undefined : await queryClient.fetchQuery({ ...companyQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (fresh) useAuthStore.setState({ company: fresh });
    if (!approved && fresh?.application?.status.code !== 'APPROVED') {
      toast.error(developerMessages.liveModeLocked, { id: 'live-mode-locked' });
      return;
    }
    setMode('live');
    const now = await queryClient.fetchQuery({ ...liveModeQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (now?.open && !now.ready && now.message) {
      toast(now.message, { id: 'live-payments-off', icon: <TriangleAlertIcon aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-600" /> });
    }
  }

  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={live}
        aria-label="Live mode"
        aria-describedby={paymentsOff ? noticeId : undefined}
        onClick={() => void toggle()}
        // On a phone the label sits under the switch, so the balance beside it keeps its room.
        className="flex shrink-0 flex-col items-center gap-0.5 rounded-lg px-0.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-row sm:gap-2 sm:rounded-full sm:px-2 sm:py-1.5"
      >
        <span
          className={`relative inline-flex h-5 w-9 items-center rounded-full transition-colors ${live ? (paymentsOff ? 'bg-amber-500' : 'bg-emerald-600') : 'bg-orange-400'}`}
          aria-hidden="true"
        >
          <span className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${live ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
        </span>
        {/* Named 'Live mode' for assistive technology; a phone's top bar has room for the first word. */}
        <span aria-hidden="true" className="flex items-center gap-1 max-sm:text-[11px] max-sm:leading-none">
          <span className="sm:hidden">Live</span>
          <span className="max-sm:hidden">Live mode</span>
          {paymentsOff && <TriangleAlertIcon data-testid="live-payments-off" className="h-3.5 w-3.5 text-amber-600 max-sm:hidden" />}
        </span>
      </button>
      {paymentsOff && (
        <span id={noticeId} className="sr-only">
          {standing.message}
        </span>
      )}
    </>
  );
}

/** The strip across the shell in live mode while live payments cannot be taken: the business's own reason, in its words. */
export function LivePaymentsOffStrip() {
  const [mode] = useMode();
  const standing = useLiveMode({ enabled: mode === 'live' }).data;
  if (mode !== 'live' || !standing?.open || standing.ready) return null;
  return (
    <div className="flex items-start justify-center gap-2 bg-amber-100 px-4 py-1.5 text-xs text-amber-950 sm:items-center" role="status">
      <TriangleAlertIcon aria-hidden="true" className="mt-px h-4 w-4 shrink-0 text-amber-700 sm:mt-0" />
      <p>
        <strong className="font-semibold">Live payments are off.</strong> {standing.message}
      </p>
    </div>
  );
}

/** The orange strip across the shell while in test mode. */
export function TestModeStrip() {
  const [mode] = useMode();
  if (mode !== 'test') return null;
  return (
    <div className="bg-orange-300 px-4 py-1 text-center text-xs font-semibold text-orange-950" role="note">
      Test mode<span className="hidden sm:inline">: you are seeing test data. Nothing here moves real money.</span>
    </div>
  );
}
