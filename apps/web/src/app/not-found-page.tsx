import { CardLayout } from '../components/layouts/card-layout';
import { ButtonLink } from '../components/ui/button';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <CardLayout>
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
        <p className="text-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
        <ButtonLink to={paths.home} className="mt-3 w-full">
          Go to Home
        </ButtonLink>
      </div>
    </CardLayout>
  );
}
