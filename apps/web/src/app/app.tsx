import { RouterProvider } from 'react-router';
import { router } from './router';
import { AppToaster } from './toaster';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}
