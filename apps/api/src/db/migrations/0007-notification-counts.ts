/**
 * Each user's notification total and unread count, kept by the database as notifications are
 * added, read and deleted, so the bell and the list's pagination read one row instead of counting
 * a table that grows with every event. Statement-level triggers: marking thousands read at once
 * changes the counter once.
 */
export const sql = /* sql */ `
CREATE TABLE notification_counts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0 AND unread <= total)
);

INSERT INTO notification_counts (user_id, total, unread)
  SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM notifications GROUP BY user_id;

CREATE FUNCTION notification_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counts AS c (user_id, total, unread)
    SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM added GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + EXCLUDED.total, unread = c.unread + EXCLUDED.unread;
  RETURN NULL;
END $$;

CREATE FUNCTION notification_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_change b JOIN after_change a USING (id) WHERE a.user_id <> b.user_id) THEN
    RAISE EXCEPTION 'a notification keeps its owner';
  END IF;
  UPDATE notification_counts c SET unread = c.unread + d.delta
    FROM (
      SELECT a.user_id, sum((a.read_at IS NULL)::int - (b.read_at IS NULL)::int) AS delta
      FROM after_change a JOIN before_change b USING (id)
      GROUP BY a.user_id
    ) d
   WHERE c.user_id = d.user_id AND d.delta <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION notification_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_counts c SET total = c.total - d.total, unread = c.unread - d.unread
    FROM (SELECT user_id, count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM removed GROUP BY user_id) d
   WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_insert();
CREATE TRIGGER notification_counts_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS before_change NEW TABLE AS after_change FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_update();
CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_delete();
`;
