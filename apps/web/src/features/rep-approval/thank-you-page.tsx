import { CardLayout } from '../../components/layouts/card-layout';
import { ButtonLink } from '../../components/ui/button';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import { paths } from '../../config/paths';

export function ThankYouPage() {
  return (
    <CardLayout>
      <div className="flex flex-col items-center gap-4 py-4 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircleIcon className="h-8 w-8" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">Thank You!</h1>
        <p className="text-sm text-slate-600">
          Your approval has been submitted. You are now listed as a representative of the company.
        </p>
        <ButtonLink to={paths.home} className="mt-2 w-full">
          Go to Home
        </ButtonLink>
      </div>
    </CardLayout>
  );
}
