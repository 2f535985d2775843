// Scaffold so the shell can place the bell while the notifications feature is built; replaced in this issue.
export function NotificationBell() {
  return (
    <button type="button" aria-label="Notifications" className="h-10 w-10 rounded-full text-slate-600">
      🔔
    </button>
  );
}
