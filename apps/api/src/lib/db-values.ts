const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in its text form. Anything else names no row with a uuid key (and PostgreSQL refuses to compare it with one). */
export const isUuid = (value: string) => UUID.test(value);

/** A unique constraint refused the write (PostgreSQL 23505); the error names the constraint. */
export function isUniqueViolation(error: unknown): error is { code: '23505'; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
