import { paths } from '../../config/paths';

export type ComingSoonPageInfo = { path: string; title: string; description: string };

/**
 * Every page the menus name whose feature is not built yet. Each opens inside the shell and says
 * so plainly, rather than ending in a blank page or a 404.
 */
export const comingSoonPages: readonly ComingSoonPageInfo[] = [
  {
    path: paths.tradeHistory,
    title: 'Trade History',
    description: 'Every trade you have made, with its amount, rate, partner and status.',
  },
  {
    path: paths.trades,
    title: 'Trade History',
    description: 'Every trade you have made, with its amount, rate, partner and status.',
  },
  { path: paths.offers, title: 'My Offers', description: 'Create and manage your buy and sell offers on the marketplace.' },
  { path: paths.favorites, title: 'Favorite Offers', description: 'Offers you have saved to come back to.' },
  { path: paths.university, title: 'University', description: 'Guides and courses on payments, trading and crypto.' },
  { path: paths.community, title: 'Community', description: 'Meet other businesses and traders using FiPay.' },
];
