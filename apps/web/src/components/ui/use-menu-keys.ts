import { useEffect, useRef, type KeyboardEvent } from 'react';

const focusableSelector = 'a[href], button:not([disabled])';

type Edge = 'first' | 'last';

const menuItems = (panel: HTMLElement | null) => Array.from(panel?.querySelectorAll<HTMLElement>(focusableSelector) ?? []);

function focusEdge(panel: HTMLElement | null, edge: Edge) {
  const all = menuItems(panel);
  (edge === 'first' ? all[0] : all[all.length - 1])?.focus();
}

/**
 * Keyboard behaviour of a disclosure-style menu whose panel holds ordinary links and buttons (so
 * Tab reaches each one): ArrowDown/ArrowUp on the button open the menu at the first/last item,
 * and inside the panel the arrow keys, Home and End move between the items, wrapping around.
 * Attach `panelRef` and `onPanelKeyDown` to the panel and `onButtonKeyDown` to the button.
 */
export function useMenuKeys(open: boolean, openMenu: () => void) {
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<Edge | null>(null);

  useEffect(() => {
    if (!open) return;
    const edge = focusOnOpen.current;
    focusOnOpen.current = null;
    if (edge) focusEdge(panelRef.current, edge);
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const edge = event.key === 'ArrowDown' ? 'first' : 'last';
    if (open) {
      focusEdge(panelRef.current, edge);
    } else {
      focusOnOpen.current = edge;
      openMenu();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems(panelRef.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = all[(index + 1) % all.length];
    else if (event.key === 'ArrowUp') next = all[(index - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all[all.length - 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

  return { panelRef, onButtonKeyDown, onPanelKeyDown };
}
