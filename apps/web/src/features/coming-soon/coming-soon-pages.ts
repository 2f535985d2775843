import { paths } from '../../config/paths';

export type ComingSoonPageInfo = { path: string; title: string; description: string };

/**
 * Every page the menus name whose feature is not built yet. Each opens inside the shell and says
 * so plainly, rather than ending in a blank page or a 404.
 */
export const comingSoonPages: readonly ComingSoonPageInfo[] = [
  {
    path: paths.tradePartners,
    title: 'Trade Partners',
    description: 'The businesses and traders you have traded with.',
  },
  {
    path: paths.partners,
    title: 'Recent Trade Partners',
    description: 'The businesses and traders you have traded with most recently.',
  },
  { path: paths.statistics, title: 'Trade Statistics', description: 'Your trading volume, completion rate and response times.' },
  {
    path: paths.badges,
    title: 'Trader Program Badges',
    description: 'Badges you earn as a trusted trader, and what each one unlocks.',
  },
];
