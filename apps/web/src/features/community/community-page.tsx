import type { Announcement } from '@fipay/contracts/announcements';
import { useInfiniteQuery } from '@tanstack/react-query';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import MegaphoneIcon from 'lucide-react/icons/megaphone';
import MessagesIcon from 'lucide-react/icons/message-square-text';
import { Link } from 'react-router';
import { MarkdownArticle } from '../../components/markdown-article';
import { Button, buttonClasses } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { announcementsQueryOptions, useCommunityLinks } from './api/community';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Lagos' });

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** An announcement's link: a page of the app moves within it, another site opens in a new tab. */
function AnnouncementLink({ link }: { link: NonNullable<Announcement['link']> }) {
  if (link.url.startsWith('/')) {
    return (
      <Link to={link.url} className={buttonClasses('secondary', '', 'sm')}>
        {link.label} <ArrowRightIcon aria-hidden="true" className="h-3.5 w-3.5" />
      </Link>
    );
  }
  return (
    <a href={link.url} {...external} className={buttonClasses('secondary', '', 'sm')}>
      {link.label} <ExternalLinkIcon aria-hidden="true" className="h-3.5 w-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** The platform's community: where businesses meet (from the server's configuration) and the operator's news (from the back office). */
export function CommunityPage() {
  const links = useCommunityLinks();
  const news = useInfiniteQuery(announcementsQueryOptions());

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <title>Community | FiPay</title>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Community</h1>
        <p className="max-w-2xl text-sm text-slate-600 sm:text-base">Meet other businesses and traders using FiPay, and read what is new on the platform.</p>
      </div>

      <section aria-labelledby="community-join" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
            <MessagesIcon className="h-5 w-5" />
          </span>
          <div className="space-y-1">
            <h2 id="community-join" className="text-lg font-semibold text-slate-900">
              Join the FiPay community
            </h2>
            <p className="text-sm text-slate-600">Ask questions, share what works for your business and hear from the FiPay team.</p>
          </div>
        </div>
        <QueryState query={links} loading="Loading the community links…" failure="The community links could not be loaded.">
          {({ url, links: more }) => (
            <div className="space-y-4">
              <a href={url} {...external} className={buttonClasses('primary', 'w-full sm:w-auto')}>
                Join Community <ExternalLinkIcon aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              {more.length > 0 && (
                <ul aria-label="More places to meet" className="flex flex-wrap gap-2">
                  {more.map((link) => (
                    <li key={link.url}>
                      <a href={link.url} {...external} className={buttonClasses('secondary', '', 'sm')}>
                        {link.label} <ExternalLinkIcon aria-hidden="true" className="h-3.5 w-3.5" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </QueryState>
      </section>

      <section aria-labelledby="community-announcements" className="space-y-4">
        <h2 id="community-announcements" className="text-lg font-semibold text-slate-900">
          Announcements
        </h2>
        <QueryState
          query={news}
          loading="Loading the announcements…"
          failure="The announcements could not be loaded."
          empty={(data) => (data.pages[0]!.announcements.length === 0 ? { icon: MegaphoneIcon, title: 'No announcements yet', text: 'News from the FiPay team will show here.' } : null)}
        >
          {(data) => (
            <div className="space-y-4">
              <ol className="space-y-4">
                {data.pages
                  .flatMap((page) => page.announcements)
                  .map((item) => (
                    <li key={item.id}>
                      <article aria-labelledby={`announcement-${item.id}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                        <header className="space-y-1">
                          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                            <time dateTime={item.publishedAt}>{dateFormat.format(new Date(item.publishedAt))}</time>
                          </p>
                          <h3 id={`announcement-${item.id}`} className="text-base font-semibold break-words text-slate-900 sm:text-lg">
                            {item.title}
                          </h3>
                        </header>
                        <MarkdownArticle markdown={item.body} size="small" />
                        {item.link && <AnnouncementLink link={item.link} />}
                      </article>
                    </li>
                  ))}
              </ol>
              {news.hasNextPage && (
                <Button variant="secondary" className="w-full sm:w-auto" disabled={news.isFetchingNextPage} onClick={() => void news.fetchNextPage()}>
                  {news.isFetchingNextPage ? 'Loading…' : 'Show older announcements'}
                </Button>
              )}
            </div>
          )}
        </QueryState>
      </section>
    </div>
  );
}
