import { useEffect, useRef } from 'react';

/**
 * A module that is fetched the first time it is asked for, and only once; a failed fetch is tried
 * again on the next ask. Pages that must be usable before their API code arrives keep that code
 * behind one of these (docs/decisions/0012-web-delivery.md).
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const interactionEvents = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel'] as const;
const listenerOptions = { capture: true, passive: true } as const;

function onInteraction(listener: () => void) {
  function remove() {
    for (const type of interactionEvents) window.removeEventListener(type, fire, listenerOptions);
  }
  function fire() {
    remove();
    listener();
  }
  for (const type of interactionEvents) window.addEventListener(type, fire, listenerOptions);
  return remove;
}

// A page reached by a click or key on another page is opened by someone already there.
let interacted = false;
if (typeof window !== 'undefined') onInteraction(() => (interacted = true));

// Keys and pointers held down now. A click or a key's effect spans its press and release, which
// must reach the same element, so a stand-in is replaced only while nothing is held.
const held = new Set<string>();
if (typeof window !== 'undefined') {
  const options = { capture: true, passive: true } as const;
  window.addEventListener('keydown', (event) => held.add(`key ${event.code || event.key}`), options);
  window.addEventListener('keyup', (event) => held.delete(`key ${event.code || event.key}`), options);
  // A tap's click (which also gives focus) comes in a task after its pointerup: a touch is let go
  // at its click, or when it turns into a scroll or a long press.
  const pointer = (event: PointerEvent) => (event.pointerType === 'touch' ? 'touch' : `pointer ${event.pointerId}`);
  window.addEventListener('pointerdown', (event) => held.add(pointer(event)), options);
  window.addEventListener('pointerup', (event) => event.pointerType !== 'touch' && held.delete(pointer(event)), options);
  window.addEventListener('pointercancel', (event) => held.delete(pointer(event)), options);
  for (const type of ['click', 'contextmenu'] as const) window.addEventListener(type, () => held.delete('touch'), options);
  // A release outside the window never arrives.
  window.addEventListener('blur', () => held.clear());
}

/** Calls `callback` at the first frame when no key or pointer is held down. */
export function whenReleased(callback: () => void) {
  const frame = () => (held.size === 0 ? callback() : window.requestAnimationFrame(frame));
  window.requestAnimationFrame(frame);
}

/** Calls `callback` once, at the first sign of a person on the page: a pointer, a key, a touch or focus. */
export function useOnFirstInteraction(callback: () => void, enabled = true) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  useEffect(() => {
    if (!enabled) return;
    if (interacted) {
      latest.current();
      return;
    }
    return onInteraction(() => latest.current());
  }, [enabled]);
}

/**
 * Runs `listener` once the page has finished loading and the browser has a moment with nothing to
 * do, so what it fetches never competes with the page's own first paint. Returns a cancel.
 */
function onIdleAfterLoad(listener: () => void) {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    // Safari has no requestIdleCallback; a task after load is the nearest it offers.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(listener, { timeout: 2000 });
    else timer = setTimeout(listener, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Calls `callback` once: at the first sign of a person on the page, or when the loaded page is
 * idle, whichever comes first. For what a page shows without anyone acting on it (the sign-up
 * country list), fetched after the page's first paint rather than with it.
 */
export function useSoonAfterLoad(callback: () => void, enabled = true) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  useEffect(() => {
    if (!enabled) return;
    if (interacted) {
      latest.current();
      return;
    }
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      stopInteraction();
      stopIdle();
      latest.current();
    };
    const stopInteraction = onInteraction(fire);
    const stopIdle = onIdleAfterLoad(fire);
    return () => {
      done = true;
      stopInteraction();
      stopIdle();
    };
  }, [enabled]);
}

/** An on-demand module that could not be fetched (offline, or replaced by a new release) fails the way an unanswered call does. */
export function toastUnavailable(message: string) {
  import('react-hot-toast')
    .then(({ default: toast }) => toast.error(message))
    .catch(() => undefined);
}
