import { Navigate, Outlet } from 'react-router';
import { paths } from '../config/paths';
import { useIsSignedIn } from '../stores/auth-store';

/** Guards the signed-in area; replacing history keeps Back from returning to a page the user can no longer see. */
export function ProtectedRoute() {
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
