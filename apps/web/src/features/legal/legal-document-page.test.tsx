import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { legalDocumentLoader, LegalDocumentPage } from './legal-document-page';
import { legalDocuments } from './legal-documents';

function renderDocument(slug: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      {
        path: '/legal/:document',
        loader: legalDocumentLoader,
        Component: LegalDocumentPage,
        HydrateFallback: () => null,
        ErrorBoundary: () => <h1>Not found</h1>,
      },
    ],
    { initialEntries: [`/legal/${slug}`] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('legal documents', () => {
  it('has the six footer documents, each at /legal/<slug> with a short list of sections', () => {
    expect(legalDocuments.map((doc) => doc.slug)).toEqual([
      'terms',
      'aml-policy',
      'privacy',
      'cookies',
      'restricted-countries',
      'vip-terms',
    ]);
    for (const doc of legalDocuments) {
      expect(doc.path).toBe(`/legal/${doc.slug}`);
      expect(doc.sections.length).toBeGreaterThanOrEqual(5);
      expect(doc.sections.length).toBeLessThanOrEqual(10);
    }
  });

  it('shows the privacy notice with what we collect, why, and whom to write to', async () => {
    renderDocument('privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    for (const heading of ['What we collect at sign-up', 'What we collect at verification', 'How long we keep it', 'Your rights']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/BVN given for the settlement account/)).toBeInTheDocument();
    expect(screen.getAllByText(/Nigeria Data Protection Act 2023/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'privacy@fipay.ng' })).toHaveAttribute('href', 'mailto:privacy@fipay.ng');
    expect(screen.getByText('23 November 2026')).toHaveAttribute('datetime', '2026-11-23');
  });

  it('moves between documents from the footer and leads back home', async () => {
    const { router, user } = renderDocument('terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Legal documents' });
    await user.click(within(nav).getByRole('link', { name: 'Cookie policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie policy' })).toBeInTheDocument();
    expect(screen.getByText(/uses no advertising cookies/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/legal/cookies');

    await user.click(screen.getByRole('link', { name: 'Back to FiPay' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('answers 404 for an unknown document', async () => {
    renderDocument('gift-cards');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
