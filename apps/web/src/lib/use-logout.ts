import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useAuthStore } from '../stores/auth-store';
import { callApi } from './api-client';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { refreshToken } = useAuthStore.getState();
    if (refreshToken) {
      try {
        // An anonymous call: no access-token refresh first, which would rotate the very token being revoked.
        await callApi(authEndpoints.logout, { body: { refreshToken } });
      } catch (error) {
        // The server revoking the session is best effort; signing out locally must still happen.
        console.warn('Logout request failed', error);
      }
    }
    useAuthStore.getState().logout();
    navigate(paths.login, { replace: true });
  }, [navigate]);
}
