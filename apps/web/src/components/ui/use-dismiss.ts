import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'escape' | 'outside';

/**
 * While `open`, calls `onDismiss` when Escape is pressed or a pointer goes down outside every
 * element in `inside` (the popup and the button that opens it, so that button can toggle).
 */
export function useDismiss(
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
  inside: readonly RefObject<HTMLElement | null>[],
) {
  const onDismissRef = useRef(onDismiss);
  const insideRef = useRef(inside);
  useEffect(() => {
    onDismissRef.current = onDismiss;
    insideRef.current = inside;
  });

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onDismissRef.current('escape');
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!insideRef.current.some((ref) => ref.current?.contains(target))) onDismissRef.current('outside');
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
}
