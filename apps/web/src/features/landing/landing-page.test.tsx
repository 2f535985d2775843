import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LandingPage } from './landing-page';

const fundCodes = ['USD', 'GBP', 'EUR', 'NGN', 'BTC', 'ETH', 'USDC', 'USDT'];

function renderLanding() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <LandingPage />
    </MemoryRouter>,
  );
  return { user };
}

/** The header menu's button once the menus' code has arrived and opened it. */
function openedMenuButton(name: string) {
  return waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    return button;
  }, { timeout: 5000 });
}

describe('LandingPage', () => {
  it('has one h1 and sign in / sign up links to the auth screens', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const signIn = screen.getAllByRole('link', { name: 'Sign in' });
    const signUp = screen.getAllByRole('link', { name: 'Sign up' });
    expect(signIn.length).toBeGreaterThan(0);
    expect(signUp.length).toBeGreaterThan(0);
    signIn.forEach((link) => expect(link).toHaveAttribute('href', '/login'));
    signUp.forEach((link) => expect(link).toHaveAttribute('href', '/signup'));

    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'FiPay home' })[0]).toHaveAttribute('href', '/');
    const main = within(header).getByRole('navigation', { name: 'Main' });
    for (const label of ['Wallet', 'Marketplace', 'Learn', 'Become a Vendor']) {
      expect(within(main).getByRole('link', { name: label })).toBeInTheDocument();
    }
    // The wallet is a page of its own (a signed-out visitor signs in first).
    expect(within(main).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/dashboard/wallet');
  });

  it('opens the Send & Receive Fund menu with every currency and closes it on Escape', async () => {
    const { user } = renderLanding();
    const button = screen.getByRole('button', { name: 'Send & Receive Fund' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Send USD' })).not.toBeInTheDocument();

    // The menus' code arrives with the first interaction (this file's first): a click made before it still opens the menu.
    await user.click(button);
    const menuButton = await openedMenuButton('Send & Receive Fund');
    const panel = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(within(panel!).getByText('FiPay')).toBeInTheDocument();
    expect(within(panel!).getByText('Crypto')).toBeInTheDocument();
    for (const code of fundCodes) {
      expect(within(panel!).getByRole('link', { name: `Send ${code}` })).toBeInTheDocument();
      expect(within(panel!).getByRole('link', { name: `Receive ${code}` })).toBeInTheDocument();
    }

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Send USD' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes a menu on an outside click and reaches items from the keyboard', async () => {
    const { user } = renderLanding();
    // Moving the pointer over the page brings the menus' code; the visitor then clicks the real button.
    await user.hover(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Company' })).toHaveAttribute('data-state', 'closed'));
    await user.click(screen.getByRole('button', { name: 'Company' }));
    const button = await openedMenuButton('Company');
    for (const label of ['About us', 'Careers', 'Blog', 'Reviews']) {
      expect(within(screen.getByRole('banner')).getByRole('link', { name: label })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    const banner = within(screen.getByRole('banner'));
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(banner.getByRole('link', { name: 'About us' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(banner.getByRole('link', { name: 'Careers' })).toHaveFocus();
    await user.tab();
    expect(banner.getByRole('link', { name: 'Blog' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(banner.queryByRole('link', { name: 'Blog' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    // Left and right arrows move along the header's entries.
    await user.keyboard('{ArrowLeft}');
    expect(banner.getByRole('link', { name: 'Marketplace' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(banner.getByRole('link', { name: 'Learn' })).toHaveFocus();
  });

  it('keeps a link pressed before the menus\' code arrived until its click has landed', async () => {
    const { user } = renderLanding();
    const learn = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Learn' });
    const clicked: EventTarget[] = [];
    // Kept from jsdom, which cannot open another document.
    const onClick = (event: MouseEvent) => {
      clicked.push(event.target!);
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    try {
      await user.pointer({ keys: '[MouseLeft>]', target: learn });
      // The code arrives while the button is down; the link under it stays, whatever the frames in between.
      await import('./desktop-nav');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(learn).toBeInTheDocument();
      await user.pointer({ keys: '[/MouseLeft]', target: learn });
      expect(clicked).toEqual([learn]);
      // Once released, the real navigation takes the stand-in's place.
      await waitFor(() => expect(learn).not.toBeInTheDocument());
      expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/learn');
    } finally {
      document.removeEventListener('click', onClick);
    }
  });

  it('opens the mobile nav from the menu button', async () => {
    const { user } = renderLanding();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // The panel's code loads on first use.
    const mobile = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    for (const label of ['Wallet', 'Marketplace', 'Learn', 'Become a Vendor']) {
      expect(within(mobile).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(mobile).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/dashboard/wallet');
    await user.click(within(mobile).getByRole('button', { name: 'Send & Receive Fund' }));
    expect(within(mobile).getByRole('link', { name: 'Receive USDT' })).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('lists the legal pages, trading lists, address and social links in the footer', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    const legal = within(footer).getByRole('list', { name: 'Legal' });
    const legalLabels = within(legal)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(legalLabels).toEqual(['Terms', 'AML policy', 'Privacy notice', 'Cookie policy', 'Restricted countries', 'VIP programme terms']);
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/legal/terms',
      '/legal/aml-policy',
      '/legal/privacy',
      '/legal/cookies',
      '/legal/restricted-countries',
      '/legal/vip-terms',
    ]);

    expect(within(footer).getByRole('link', { name: 'Buy and sell naira' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Tether' })).toBeInTheDocument();
    expect(within(footer).getByText(/Lagos, Nigeria/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Download on the App Store' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
    for (const network of ['X (Twitter)', 'Facebook', 'Instagram', 'LinkedIn']) {
      expect(within(footer).getByRole('link', { name: `FiPay on ${network}` })).toBeInTheDocument();
    }
  });
});
