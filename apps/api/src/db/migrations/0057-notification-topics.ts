/**
 * A notification may name what it is about (`topic`, e.g. `trade-chat:<trade id>`), so a source that could write
 * many (a burst of chat messages, feedback changed again) keeps at most one unread notification per user and topic
 * (docs/decisions/0092-trade-chat-and-feedback-notifications.md). The partial index finds a user's unread one of a
 * topic; every other notification leaves `topic` empty and is not in it.
 */
export const sql = /* sql */ `
ALTER TABLE notifications ADD COLUMN topic text CHECK (length(topic) BETWEEN 1 AND 200);
CREATE INDEX notifications_unread_topic_idx ON notifications (user_id, topic) WHERE topic IS NOT NULL AND read_at IS NULL;
`;
