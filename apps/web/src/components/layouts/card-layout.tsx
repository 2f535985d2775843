import type { ReactNode } from 'react';
import { Logo } from '../brand/logo';

export function CardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-8 sm:justify-center sm:py-12">
      <Logo className="mb-8" />
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </main>
    </div>
  );
}
