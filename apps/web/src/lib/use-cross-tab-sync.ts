import { useEffect } from 'react';
import { AUTH_STORAGE_KEY, useAuthStore } from '../stores/auth-store';
import { KYC_STORAGE_KEY, useKycStore } from '../stores/kyc-store';

const persistedStores = [
  { key: AUTH_STORAGE_KEY, store: useAuthStore },
  { key: KYC_STORAGE_KEY, store: useKycStore },
];

/**
 * Keeps this tab's stores in step with what other tabs write to local storage. Each tab holds the
 * session in memory; a tab still holding a refresh token that another tab has rotated would present
 * it after the server's grace window and get the whole token family revoked, signing every tab out
 * (docs/decisions/0003). Browsers fire `storage` only in the other tabs, and rehydrating never
 * writes back, so tabs cannot echo each other's changes.
 */
export function useCrossTabSync() {
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.storageArea && event.storageArea !== localStorage) return;
      for (const { key, store } of persistedStores) {
        // A null key means another tab cleared the whole of local storage.
        if (event.key === null || event.key === key) void store.persist.rehydrate();
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
