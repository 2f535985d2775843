import { render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts live in the module's own store, which outlasts a test's render.
  toast.remove();
});

function withClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('copyText', () => {
  it('puts the text on the clipboard and says it was copied', async () => {
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    render(<Toaster />);
    await expect(copyText('FP-1042', { copied: 'Reference copied.', failed: 'Select the reference and copy it.' })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('FP-1042');
    expect(await screen.findByText('Reference copied.')).toBeInTheDocument();
  });

  it('says how to copy by hand when the browser refuses', async () => {
    withClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    render(<Toaster />);
    await expect(copyText('FP-1042', { copied: 'Reference copied.', failed: 'Select the reference and copy it.' })).resolves.toBe(false);
    expect(await screen.findByText('Select the reference and copy it.')).toBeInTheDocument();
    expect(screen.queryByText('Reference copied.')).not.toBeInTheDocument();
  });
});
