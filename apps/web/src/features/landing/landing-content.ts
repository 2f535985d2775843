/** Every label on the public landing page, kept as data so the header, mobile nav and footer stay in step (SPEC.md sections 1 and 2). */

import { becomeVendorPath, paths } from '../../config/paths';

/** Pages behind these labels are not specified yet, so they point nowhere for now. */
export const placeholderHref = '#';

export type Currency = { code: string; name: string; symbol: string };
export type CurrencyGroup = { label: string; currencies: readonly Currency[] };

export const fundActions = ['Send', 'Receive'] as const;

export const sendReceiveGroups: readonly CurrencyGroup[] = [
  {
    label: 'FiPay',
    currencies: [
      { code: 'USD', name: 'US Dollar', symbol: '$' },
      { code: 'GBP', name: 'British Pound', symbol: '£' },
      { code: 'EUR', name: 'Euro', symbol: '€' },
      { code: 'NGN', name: 'Nigerian Naira', symbol: '₦' },
    ],
  },
  {
    label: 'Crypto',
    currencies: [
      { code: 'BTC', name: 'Bitcoin', symbol: 'B' },
      { code: 'ETH', name: 'Ethereum', symbol: 'Ξ' },
      { code: 'USDC', name: 'USD Coin', symbol: '$' },
      { code: 'USDT', name: 'Tether', symbol: '₮' },
    ],
  },
];

export const companyLinks = ['About us', 'Careers', 'Blog', 'Reviews'] as const;

export type HeaderMenu = 'sendReceive' | 'company';
/** A link with `href` leads there (the wallet, for a signed-in visitor; sign-in first otherwise); without one it is a placeholder. */
export type HeaderNavItem = { kind: 'link'; label: string; href?: string } | { kind: 'menu'; label: string; menu: HeaderMenu };

export const headerNav: readonly HeaderNavItem[] = [
  { kind: 'menu', label: 'Send & Receive Fund', menu: 'sendReceive' },
  { kind: 'link', label: 'Wallet', href: paths.wallet },
  { kind: 'link', label: 'Marketplace', href: paths.marketplace },
  { kind: 'menu', label: 'Company', menu: 'company' },
  { kind: 'link', label: 'Learn', href: paths.learn },
  { kind: 'link', label: 'Become a Vendor', href: becomeVendorPath },
];

/** `to` is an app route; links without one are placeholders. */
export type FooterLink = { label: string; to?: string };
export type FooterColumn = { title: string; links: readonly FooterLink[] };

const placeholders = (labels: readonly string[]): FooterLink[] => labels.map((label) => ({ label }));

export const footerColumns: readonly FooterColumn[] = [
  {
    title: 'Trade money',
    links: placeholders(['Buy and sell dollar', 'Buy and sell pounds', 'Buy and sell euro', 'Buy and sell naira']),
  },
  { title: 'Trade crypto', links: placeholders(['Bitcoin', 'Ethereum', 'Tether', 'USDC']) },
  { title: 'About', links: placeholders(companyLinks) },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', to: paths.terms },
      { label: 'AML policy', to: paths.amlPolicy },
      { label: 'Privacy notice', to: paths.privacy },
      { label: 'Cookie policy', to: paths.cookies },
      { label: 'Restricted countries', to: paths.restrictedCountries },
      { label: 'VIP programme terms', to: paths.vipTerms },
    ],
  },
];

export const officeAddress = ['FiPay Technologies Ltd', '15 Admiralty Way, Lekki Phase 1', 'Lagos, Nigeria'] as const;
