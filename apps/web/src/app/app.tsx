import { RouterProvider } from 'react-router';
import { useCrossTabSync } from '../lib/use-cross-tab-sync';
import { router } from './router';
import { AppToaster } from './toaster';

export function App() {
  useCrossTabSync();
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}
