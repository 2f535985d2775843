// Shared by the header's navigation and the stand-in drawn before its code arrives, which must
// look the same; kept apart from nav-menu.tsx so the stand-in does not import Radix.
export const navBarClass = 'hidden lg:ml-2 lg:block xl:ml-4';
export const navListClass = 'flex items-center gap-0.5';
export const navItemClass =
  'inline-flex items-center rounded-lg px-2 py-2 xl:px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const navTriggerClass =
  'group inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900 xl:px-3';
export const navChevronClass = 'h-4 w-4 transition-transform group-data-[state=open]:rotate-180';
