export function Spinner({ className = 'h-10 w-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 ${className}`}
    />
  );
}

/** Stands in for a page while its code loads; fades in late so fast loads never flash it. */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-dvh animate-fade-in-late items-center justify-center bg-white">
      <Spinner className="h-8 w-8" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
