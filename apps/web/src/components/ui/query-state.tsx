import type { ComponentType, ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';
import { Loading } from './loading';

type Query<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

type Empty = {
  /** A line drawing at the top of the "nothing yet" block; without one, the title and text are one plain line (inside a panel). */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text?: ReactNode;
  /** An action under the text, such as a button that makes the first one. */
  action?: ReactNode;
};

type QueryStateProps<T> = {
  query: Query<T>;
  /** What is loading, as in "Loading your transactions…". */
  loading: string;
  /** The sentence shown when the server gives no reason of its own. */
  failure: string;
  /** Whether the answer holds nothing, and what to say then; lists without such a block leave it out. */
  empty?: (data: T) => Empty | null;
  children: (data: T) => ReactNode;
};

/**
 * The loading, error and "nothing yet" states of one list or detail view, the same everywhere: a spinner line while
 * it loads, the reason with a Try again button when it failed, a dashed block when there is nothing, else the view.
 */
export function QueryState<T>({ query, loading, failure, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <Loading what={loading} />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert tone="error">
        <p>{errorMessage(query.error, failure)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const nothing = empty?.(query.data);
  if (nothing) return <EmptyState {...nothing} />;
  return <>{children(query.data)}</>;
}

/** The dashed "nothing yet" block of a list, or its one plain line. */
export function EmptyState({ icon: Icon, title, text, action }: Empty) {
  if (!Icon) {
    return (
      <p className="text-sm text-slate-600">
        {title}
        {text && <> {text}</>}
      </p>
    );
  }
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
      <Icon className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      {text && <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{text}</p>}
      {action && <div className="mt-4">{action}</div>}
    </section>
  );
}
