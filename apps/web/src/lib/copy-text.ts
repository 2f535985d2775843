import toast from 'react-hot-toast';

/**
 * Copies `text` to the clipboard and says so in a toast: `copied` when it worked, `failed` (which should tell the
 * person how to copy it by hand) when the browser refused, as it does outside a secure context or without
 * permission. Resolves to whether it worked.
 */
export async function copyText(text: string, messages: { copied: string; failed: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.copied);
    return true;
  } catch {
    toast.error(messages.failed);
    return false;
  }
}
