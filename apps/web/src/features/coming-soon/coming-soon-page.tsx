import { ButtonLink } from '../../components/ui/button';
import ClockIcon from 'lucide-react/icons/clock';
import { paths } from '../../config/paths';
import type { ComingSoonPageInfo } from './coming-soon-pages';

/** A page named in the menus whose feature is not available yet: its title, what it will do, and a way back. */
export function ComingSoonPage({ page }: { page: ComingSoonPageInfo }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{page.title}</h1>
      <section className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:py-16">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <ClockIcon className="h-7 w-7" />
        </span>
        <p className="mt-4 text-lg font-semibold text-balance text-slate-900">This feature is not available yet.</p>
        <p className="mt-2 max-w-md text-sm text-balance text-slate-600">{page.description}</p>
        <ButtonLink to={paths.dashboard} variant="secondary" className="mt-6">
          Back to dashboard
        </ButtonLink>
      </section>
    </div>
  );
}
