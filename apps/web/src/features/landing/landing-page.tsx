import { Features } from './features';
import { Hero } from './hero';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" className="flex-1">
        <Hero />
        <Features />
      </main>
      <SiteFooter />
    </div>
  );
}
