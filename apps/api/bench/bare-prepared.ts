/**
 * The bare baselines prepare their statements as the product does (src/db/client.ts, docs/decisions/0078): every
 * statement with parameters runs as a named prepared statement, named by its text's digest, so each connection
 * parses it once. Without this the baselines would pay a cost the product does not, and the ratios would flatter.
 * Imports nothing of the product.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export function prepareBareStatements(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = `b${createHash('sha256').update(config).digest('base64url').slice(0, 22)}`;
      return query.call(this, { name, text: config, values }, callback);
    }
    return query.call(this, config, values, callback);
  };
}
