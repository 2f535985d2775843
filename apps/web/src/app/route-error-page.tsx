import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CardLayout } from '../components/layouts/card-layout';
import { Button } from '../components/ui/button';
import { NotFoundPage } from './not-found-page';

/**
 * The root error boundary. A 404 from a route (an unknown legal document) is the not-found page;
 * anything else, typically a page chunk that no longer exists after a deploy, asks for a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <CardLayout>
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="text-sm text-slate-600">This page could not be loaded. Reload to get the latest version of FiPay.</p>
        <Button className="mt-3 w-full" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </CardLayout>
  );
}
