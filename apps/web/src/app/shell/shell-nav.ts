import type { ComponentType, SVGProps } from 'react';
import ActivityIcon from 'lucide-react/icons/activity';
import ArrowLeftRightIcon from 'lucide-react/icons/arrow-left-right';
import AwardIcon from 'lucide-react/icons/award';
import BookIcon from 'lucide-react/icons/book-open';
import BarChartIcon from 'lucide-react/icons/chart-column';
import CodeIcon from 'lucide-react/icons/code';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import GraduationCapIcon from 'lucide-react/icons/graduation-cap';
import HistoryIcon from 'lucide-react/icons/history';
import HomeIcon from 'lucide-react/icons/house';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import LandmarkIcon from 'lucide-react/icons/landmark';
import LinkIcon from 'lucide-react/icons/link';
import MessagesIcon from 'lucide-react/icons/message-square-text';
import SettingsIcon from 'lucide-react/icons/settings';
import StarIcon from 'lucide-react/icons/star';
import TagIcon from 'lucide-react/icons/tag';
import UsersIcon from 'lucide-react/icons/users';
import WalletIcon from 'lucide-react/icons/wallet';
import { paths, PAYOUTS_TAB, payoutsPath, TRANSACTIONS_TAB_PARAM } from '../../config/paths';

type Place = { pathname: string; search: string };

export type NavEntry = {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Current only on this exact path, not on the pages below it. */
  end?: boolean;
  /** When the path alone cannot tell (two tabs of one page): whether this entry is the page showing. */
  isCurrent?: (place: Place) => boolean;
};

const onPayoutsTab = ({ pathname, search }: Place) =>
  pathname === paths.transactions && new URLSearchParams(search).get(TRANSACTIONS_TAB_PARAM) === PAYOUTS_TAB;

/** The sidebar: the way home first, then SPEC.md's ten entries in its order. */
export const sidebarEntries: readonly NavEntry[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: HomeIcon, end: true },
  { label: 'Trade History', to: paths.trades, icon: HistoryIcon },
  { label: 'Recent Trade Partners', to: paths.partners, icon: UsersIcon },
  { label: 'My Offers', to: paths.offers, icon: TagIcon },
  { label: 'Favorite Offers', to: paths.favorites, icon: StarIcon },
  { label: 'Trade Statistics', to: paths.statistics, icon: BarChartIcon },
  { label: 'Trader Program Badges', to: paths.badges, icon: AwardIcon },
  { label: 'Account Settings', to: paths.settings, icon: SettingsIcon },
  { label: 'University', to: paths.university, icon: GraduationCapIcon },
  { label: 'Community', to: paths.community, icon: MessagesIcon },
  { label: 'Developer', to: paths.developer, icon: CodeIcon },
];

/**
 * Below SPEC's entries: the payments and developer pages that the dashboard's cards and menus lead to,
 * so they can be reached from anywhere: the wallet first. Payouts is a tab of the transactions page.
 */
export const paymentsEntries: readonly NavEntry[] = [
  { label: 'Wallet', to: paths.wallet, icon: WalletIcon },
  {
    label: 'Transactions',
    to: paths.transactions,
    icon: ArrowLeftRightIcon,
    isCurrent: (place) => place.pathname === paths.transactions && !onPayoutsTab(place),
  },
  { label: 'Payment Links', to: paths.paymentLinks, icon: LinkIcon },
  { label: 'Payouts', to: payoutsPath, icon: LandmarkIcon, isCurrent: onPayoutsTab },
  { label: 'API keys', to: paths.apiKeys, icon: KeyRoundIcon },
  { label: 'Events', to: paths.events, icon: ActivityIcon },
  { label: 'Docs', to: paths.docs, icon: BookIcon },
];

/** The profile menu's links, in SPEC.md's order (Join Community and Log Out follow them). */
export const profileMenuEntries: readonly NavEntry[] = [
  { label: 'Payment Methods', to: paths.paymentMethods, icon: CreditCardIcon },
  { label: 'Settings', to: paths.settings, icon: SettingsIcon },
  { label: 'Trade History', to: paths.tradeHistory, icon: HistoryIcon },
  { label: 'Trade Partners', to: paths.tradePartners, icon: UsersIcon },
  { label: 'My Transactions', to: paths.transactions, icon: ArrowLeftRightIcon },
];
