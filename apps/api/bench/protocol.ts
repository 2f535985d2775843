/** Messages between the bench (main thread) and the server worker. */
export type ServerWorkerData = {
  /** A database of its own on a PostgreSQL server; PGlite in memory when absent. */
  databaseUrl: string | undefined;
  smtpUrl: string;
  logLevel: string;
};

export type ToServer =
  | { type: 'close' }
  /** Seeding: a statement run on the server's database (the embedded one lives in the worker). */
  | { type: 'sql'; id: number; sql: string; params: unknown[] };

export type FromServer =
  | { type: 'ready'; baseUrl: string; dbKind: 'pglite' | 'postgres' }
  | { type: 'sql-done'; id: number; rows: unknown[]; error?: string }
  | { type: 'failed'; message: string }
  | { type: 'closed'; logLines: number };
