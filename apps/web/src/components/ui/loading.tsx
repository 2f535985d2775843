import { Spinner } from './spinner';

/** A line saying what is being loaded, with a spinner, announced to screen readers. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner className="h-5 w-5" /> Loading {what}…
    </p>
  );
}
