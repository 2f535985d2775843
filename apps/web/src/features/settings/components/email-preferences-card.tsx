import type { EmailTopic } from '@fipay/contracts/account';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/api-client';
import { emailPreferencesQueryOptions, useSetEmailPreference } from '../api/email-preferences';

const topics: { topic: EmailTopic; label: string; hint: string }[] = [
  { topic: 'payments', label: 'Payments received', hint: 'An email for each payment a customer makes.' },
  { topic: 'refunds', label: 'Refunds', hint: 'When a refund is processed or fails.' },
  { topic: 'payouts', label: 'Payouts', hint: 'When a payout is on its way, paid, or fails.' },
];

/** Which money emails this user gets; the notifications in the dashboard come either way. */
export function EmailPreferencesCard() {
  const preferences = useQuery(emailPreferencesQueryOptions());
  const save = useSetEmailPreference();

  async function toggle(topic: EmailTopic, on: boolean) {
    try {
      await save.mutateAsync({ topic, on });
      toast.success(`${topics.find((t) => t.topic === topic)!.label} emails ${on ? 'on' : 'off'}.`, { id: 'email-preferences' });
    } catch (error) {
      toast.error(errorMessage(error, 'Your email settings could not be saved.'), { id: 'email-preferences' });
    }
  }

  return (
    <section aria-labelledby="email-preferences-title" className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id="email-preferences-title" className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6">
        Emails about your money
      </h2>
      <div className="px-5 py-4 sm:px-6">
        {preferences.isPending ? (
          <Loading what="your email settings" />
        ) : preferences.isError ? (
          <Alert tone="error">{errorMessage(preferences.error, 'We could not load your email settings.')}</Alert>
        ) : (
          <fieldset>
            <legend className="text-sm text-slate-600">Emails sent to you. The notifications in your dashboard come either way.</legend>
            <ul className="mt-3 space-y-3">
              {topics.map(({ topic, label, hint }) => (
                <li key={topic}>
                  <label className="flex items-start gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
                      checked={preferences.data[topic]}
                      disabled={save.isPending}
                      onChange={(event) => void toggle(topic, event.target.checked)}
                    />
                    <span>
                      <span className="block font-medium text-slate-900">{label}</span>
                      <span className="block text-slate-500">{hint}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </div>
    </section>
  );
}
