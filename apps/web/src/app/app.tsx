import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useOnFirstInteraction } from '../lib/on-demand';
import { useCrossTabSync } from '../lib/use-cross-tab-sync';
import { router } from './router';
import type { RouteHandle } from './routes';

const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

function opensInteractionFirst(state: typeof router.state) {
  return state.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.interactionFirst);
}

/** Pages that open without API code open without the toaster too; it comes with the first interaction or page that needs it. */
function useToasterWanted() {
  const [wanted, setWanted] = useState(() => !opensInteractionFirst(router.state));
  useEffect(() => {
    if (wanted) return;
    return router.subscribe((state) => {
      if (!opensInteractionFirst(state)) setWanted(true);
    });
  }, [wanted]);
  useOnFirstInteraction(() => setWanted(true), !wanted);
  return wanted;
}

export function App() {
  useCrossTabSync();
  const toasterWanted = useToasterWanted();
  return (
    <>
      <RouterProvider router={router} />
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}
