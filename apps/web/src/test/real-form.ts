import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Until the real form of an interaction-first page has replaced its stand-in (lib/deferred-form).
 * A test holding a stand-in's field across that swap would type into a detached element, which a
 * person cannot do.
 */
export async function waitForRealForm() {
  await waitFor(() => expect(document.querySelector('form[data-stand-in]')).toBeNull());
}
