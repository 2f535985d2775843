/**
 * A FROM item that lets the statement it is part of commit without waiting for its WAL to reach the disk
 * (`synchronous_commit` off for that statement's own transaction; the next statement on the connection waits again).
 * Only for rows whose loss in a crash of the database server, within about 0.6 s of their commit, costs a retry and
 * nothing else: a sign-in proof (the client falls back to the password), its spending (it could then be used once
 * more within its 5 minutes, by someone who has the password as well) and a new session (its user signs in again).
 * Visibility and locking do not change: other transactions see the commit at once, as before. On a shared disk a
 * waited-for flush cost 5 to 30 ms per statement (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md).
 */
export const ASYNC_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;
