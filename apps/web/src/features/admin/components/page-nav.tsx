import type { Pagination } from '@fipay/contracts/notifications';
import { Button } from '../../../components/ui/button';

/** A back-office list's pages: where it is and the way to the page before and after; nothing when there is one page. */
export function PageNav({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  if (pagination.totalPages <= 1) return null;
  const page = pagination.currentPage;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        Page {page} of {pagination.totalPages}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pagination.totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
