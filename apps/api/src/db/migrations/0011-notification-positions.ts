/**
 * Each notification's position in its user's list, so any page is a short index range instead of
 * an OFFSET that reads every newer row (docs/decisions/0030-notification-positions.md).
 *
 * - `seq` is 1 for a user's first notification, 2 for the second, and so on: the count kept in
 *   `notification_counts.total` (0007) at the moment of the insert. A row trigger takes the user's
 *   count row under its lock, adds one and gives the new value to the row, so concurrent inserts for
 *   one user are numbered one after the other; a unique constraint refuses a duplicate.
 * - Newest first is `seq DESC` (the order the rows were written in). The page at offset o of n is
 *   the rows with seq <= total - o, newest first, limit n: one index range of n entries at any depth.
 * - Deleting notifications (rare: an operator's clean-up, tests) renumbers what is left of those
 *   users' lists in one statement, so positions stay 1..total without holes. The unique constraint
 *   is checked at the end of that statement (DEFERRABLE INITIALLY IMMEDIATE), as rows move down into
 *   the places of the deleted ones.
 */
export const sql = /* sql */ `
ALTER TABLE notifications ADD COLUMN seq integer;

UPDATE notifications n SET seq = p.seq
  FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS seq FROM notifications) p
 WHERE n.id = p.id;

ALTER TABLE notifications ALTER COLUMN seq SET NOT NULL, ADD CONSTRAINT notifications_seq_positive CHECK (seq > 0);
ALTER TABLE notifications ADD CONSTRAINT notifications_user_seq_key UNIQUE (user_id, seq) DEFERRABLE INITIALLY IMMEDIATE;
DROP INDEX notifications_user_created_idx;

DROP TRIGGER notification_counts_insert ON notifications;
DROP FUNCTION notification_counts_after_insert();

CREATE FUNCTION notification_counts_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counts AS c (user_id, total, unread)
    VALUES (NEW.user_id, 1, (NEW.read_at IS NULL)::int)
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + 1, unread = c.unread + (NEW.read_at IS NULL)::int
  RETURNING total INTO NEW.seq;
  RETURN NEW;
END $$;

CREATE TRIGGER notification_counts_insert BEFORE INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notification_counts_before_insert();

-- 0007 refuses a change of owner after the statement; the position's unique constraint would now
-- refuse it first with a less telling message, so the refusal moves before the row is written.
CREATE FUNCTION notifications_keep_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id <> OLD.user_id THEN
    RAISE EXCEPTION 'a notification keeps its owner';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER notifications_keep_owner BEFORE UPDATE OF user_id ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_keep_owner();

CREATE FUNCTION notifications_renumber_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notifications n SET seq = p.position
    FROM (
      SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY seq) AS position
        FROM notifications WHERE user_id IN (SELECT DISTINCT user_id FROM removed)
    ) p
   WHERE n.id = p.id AND n.seq <> p.position;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_renumber AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notifications_renumber_after_delete();
`;
