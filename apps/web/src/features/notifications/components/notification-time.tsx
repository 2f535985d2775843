import { formatCreatedAt, formatDateTime } from '../../../lib/format-time';

/** When a notification was created, relative while recent; the full date and time on hover. */
export function NotificationTime({ createdAt, className = '' }: { createdAt: string; className?: string }) {
  return (
    <time dateTime={createdAt} title={formatDateTime(createdAt)} className={`text-xs text-slate-500 ${className}`}>
      {formatCreatedAt(createdAt)}
    </time>
  );
}
