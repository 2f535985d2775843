// Scaffold so the shell can route here while the Security page is built; replaced in this issue.
export function SecurityPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Security</h1>;
}
