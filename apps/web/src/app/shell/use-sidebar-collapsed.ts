import { useState } from 'react';

/** A preference of this device rather than of the account, so it outlives signing out. */
export const SIDEBAR_STORAGE_KEY = 'sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the wide-screen sidebar is the narrow icon strip, remembered across reloads. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readCollapsed);

  function toggleCollapsed() {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
    } catch {
      // Storage can be full or blocked; the sidebar still collapses for this visit.
    }
  }

  return { collapsed, toggleCollapsed };
}
