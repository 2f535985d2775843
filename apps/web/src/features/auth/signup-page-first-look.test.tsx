import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { SignupPage } from './signup-page';

// A file of its own: the app remembers a page was acted on (lib/on-demand), and here nothing ever is.

afterEach(() => vi.unstubAllGlobals());

it('loads the country list for a visitor who only looks at the page', async () => {
  const countries = [{ id: 160, name: 'Nigeria', Emoji: '🇳🇬' }];
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: countries }), { status: 200 })));
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
  expect(await screen.findByRole('option', { name: /Nigeria/ }, { timeout: 4000 })).toBeInTheDocument();
  expect(screen.getByLabelText('Country')).toBeEnabled();
  // Nobody acted: the form is still the stand-in, so the list came by itself.
  expect(document.querySelector('form[data-stand-in]')).not.toBeNull();
});
