import type { GuideSlug } from '../../config/paths';
import { markdownTitle, markdownToText } from '../../lib/markdown-text';
import escrowAndDisputes from './guides/escrow-and-disputes.md?raw';
import goingLive from './guides/going-live.md?raw';
import limitsAndTiers from './guides/limits-and-tiers.md?raw';
import sendingAndReceiving from './guides/sending-and-receiving.md?raw';
import stayingSafeP2p from './guides/staying-safe-p2p.md?raw';
import takingPayments from './guides/taking-payments.md?raw';

export type Guide = {
  slug: GuideSlug;
  /** The Markdown's own heading. */
  title: string;
  summary: string;
  markdown: string;
  /** The words of the guide, for search. */
  text: string;
};

/** Every guide once, in the order the University lists them; the Markdown files are the guides' only text. */
const sources: Record<GuideSlug, { summary: string; markdown: string }> = {
  'taking-payments': {
    summary: 'Payment links and checkout, fees, when money becomes available, refunds, payouts, API keys and webhooks.',
    markdown: takingPayments,
  },
  'going-live': {
    summary: 'Test mode and live mode, the five steps of business verification, and what opens once you are approved.',
    markdown: goingLive,
  },
  'escrow-and-disputes': {
    summary: 'How a marketplace trade holds the seller’s asset in escrow, the payment and release windows, and disputes.',
    markdown: escrowAndDisputes,
  },
  'staying-safe-p2p': {
    summary: 'Payment marked but not sent, slow release, third-party payers, chargebacks and recalls: how to stay safe.',
    markdown: stayingSafeP2p,
  },
  'limits-and-tiers': {
    summary: 'Your daily Buy/Sell and Send limits in US dollars, the tiers, and how to ask for more.',
    markdown: limitsAndTiers,
  },
  'sending-and-receiving': {
    summary: 'Your wallet, your FiPay tag, sending to businesses and bank accounts, top-ups and receiving.',
    markdown: sendingAndReceiving,
  },
};

export const guides: readonly Guide[] = (Object.entries(sources) as [GuideSlug, { summary: string; markdown: string }][]).map(
  ([slug, { summary, markdown }]) => ({ slug, title: markdownTitle(markdown), summary, markdown, text: markdownToText(markdown.replace(/^#\s+.+$/m, '')) }),
);

export function findGuide(slug: string | undefined): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}
