export function Spinner({ className = 'h-10 w-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 ${className}`}
    />
  );
}
