/** Messages between the bench (main thread) and the server worker. */
export type ServerWorkerData = {
  /** A database of its own on a PostgreSQL server; PGlite in memory when absent. */
  databaseUrl: string | undefined;
  smtpUrl: string;
  logLevel: string;
};

export type ToServer = { type: 'close' };

export type FromServer =
  | { type: 'ready'; baseUrl: string; dbKind: 'pglite' | 'postgres' }
  | { type: 'failed'; message: string }
  | { type: 'closed'; logLines: number };
