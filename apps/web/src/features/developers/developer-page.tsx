import ActivityIcon from 'lucide-react/icons/activity';
import BookIcon from 'lucide-react/icons/book';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useMode } from '../../stores/mode-store';
import { useWebhookEndpoints } from './api/webhooks';
import { AddEndpointForm } from './components/add-endpoint-form';
import { EndpointPanel } from './components/endpoint-panel';
import { SecretOnceDialog } from './components/secret-once-dialog';
import { VerifySample } from './components/verify-sample';

const cardClasses =
  'flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm font-semibold text-slate-900 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** '/dashboard/dev': the developer hub: keys, events and docs, webhook endpoints of the current mode and their deliveries. */
export function DeveloperPage() {
  const [mode] = useMode();
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Developer</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Connect your systems to FiPay: call the API with your secret key and receive signed webhooks when something changes. You are in{' '}
          <strong>{mode} mode</strong>.
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <Link to={paths.apiKeys} className={cardClasses}>
          <KeyRoundIcon className="h-5 w-5 text-brand-700" aria-hidden="true" /> API keys
        </Link>
        <Link to={paths.events} className={cardClasses}>
          <ActivityIcon className="h-5 w-5 text-brand-700" aria-hidden="true" /> Events
        </Link>
        <Link to={paths.docs} className={cardClasses}>
          <BookIcon className="h-5 w-5 text-brand-700" aria-hidden="true" /> Documentation
        </Link>
      </div>

      <section aria-labelledby="webhooks-heading" className="space-y-4">
        <div className="space-y-1">
          <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="max-w-2xl text-sm text-slate-600">
            FiPay sends each event to your endpoints as a signed POST, tries again for about a day when they do not answer with a 2xx, and keeps every
            attempt here for 30 days.
          </p>
        </div>
        <QueryState query={endpoints} loading="your endpoints" failure="We could not load your webhook endpoints.">
          {(data) => data.map((endpoint) => <EndpointPanel key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />)}
        </QueryState>
        <AddEndpointForm onCreated={setSecret} />
        <VerifySample />
      </section>

      <SecretOnceDialog secret={secret} title="Your endpoint's signing secret" label="Signing secret" onClose={() => setSecret(null)} />
    </div>
  );
}
