// Scaffold so the shell can route here while the notifications feature is built; replaced in this issue.
export function NotificationsPage() {
  return <h1 className="text-2xl font-bold text-slate-900">All Notifications</h1>;
}
