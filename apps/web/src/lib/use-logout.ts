import { logoutResponse } from '@fipay/contracts/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useAuthStore } from '../stores/auth-store';
import { api } from './api-client';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { refreshToken } = useAuthStore.getState();
    if (refreshToken) {
      try {
        // Refreshing first would rotate the very token being revoked.
        await api.post('auth/logout', logoutResponse, { refreshToken }, { refresh: false });
      } catch (error) {
        // The server revoking the session is best effort; signing out locally must still happen.
        console.warn('Logout request failed', error);
      }
    }
    useAuthStore.getState().logout();
    navigate(paths.login, { replace: true });
  }, [navigate]);
}
