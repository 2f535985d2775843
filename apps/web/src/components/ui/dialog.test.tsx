import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Security</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Turn off
      </button>
      <a href="/help">Help</a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Turn off two-factor"
        description="Enter your password to continue."
        body={<input aria-label="Password" />}
      >
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="button" data-autofocus>
          Confirm
        </button>
      </Dialog>
    </main>
  );
}

function renderPage() {
  const user = userEvent.setup();
  render(<Page />);
  return { user, opener: screen.getByRole('button', { name: 'Turn off' }) };
}

describe('Dialog', () => {
  it('is a named, described modal that starts on the marked button', async () => {
    const { user, opener } = renderPage();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Turn off two-factor' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Enter your password to continue.');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, opener } = renderPage();
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    const password = within(dialog).getByRole('textbox', { name: 'Password' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });

    await user.tab();
    expect(password).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(password).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('hides the page behind it from assistive technology while open', async () => {
    const { user, opener } = renderPage();
    expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
    await user.click(opener);

    expect(screen.queryByRole('heading', { name: 'Security' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();
    expect(screen.getByRole('main', { hidden: true }).closest('[aria-hidden="true"]')).not.toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(document.querySelector('[aria-hidden="true"] main')).toBeNull();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user, opener } = renderPage();
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes on a click on the backdrop and from its own buttons, focus back on the opener', async () => {
    const { user, opener } = renderPage();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    const backdrop = document.querySelector<HTMLElement>('[data-state="open"]:not([role="dialog"])')!;
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
