import type { Pagination } from '@fipay/contracts/notifications';

/** The `pagination` of a numbered page of `totalItems` (SPEC.md's shape). */
export function paginationOf(query: { page: number; pageSize: number }, totalItems: number): Pagination {
  return { currentPage: query.page, totalPages: Math.ceil(totalItems / query.pageSize), pageSize: query.pageSize, totalItems };
}
