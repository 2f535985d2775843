import { zodResolver } from '@hookform/resolvers/zod';
import { eventTypes } from '@fipay/contracts/developers';
import { createWebhookEndpointRequest, type CreateWebhookEndpointRequest } from '@fipay/contracts/webhooks';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { useCreateWebhookEndpoint } from '../api/webhooks';

const formSchema = createWebhookEndpointRequest.pick({ url: true, description: true }).extend({
  allEvents: z.boolean(),
  enabledEvents: z.array(z.enum(eventTypes)),
});
type AddEndpointValues = z.input<typeof formSchema>;
const empty: AddEndpointValues = { url: '', description: '', allEvents: true, enabledEvents: [] };

/** Adds a webhook endpoint of the current mode; its signing secret is handed to `onCreated` to show once. */
export function AddEndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhookEndpoint();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, reset, setError, formState } = useForm<AddEndpointValues>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const allEvents = useWatch({ control, name: 'allEvents' });

  async function submit(values: AddEndpointValues) {
    setFailure(null);
    const body: CreateWebhookEndpointRequest = {
      url: values.url,
      description: values.description,
      enabledEvents: values.allEvents ? ['*'] : values.enabledEvents,
    };
    try {
      const created = await create.mutateAsync(body);
      reset(empty);
      onCreated(created.secret);
    } catch (error) {
      if (!applyServerErrors(setError, error, ['url', 'description', 'enabledEvents'])) setFailure(errorMessage(error, 'The endpoint could not be added.'));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="text-base font-semibold text-slate-900">Add an endpoint</h3>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField label="Endpoint URL" type="url" placeholder="https://example.com/webhooks/fipay" {...register('url')} error={formState.errors.url?.message} />
      <TextField label="Description (optional)" {...register('description')} error={formState.errors.description?.message} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Events to send</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register('allEvents')} className="h-4 w-4 rounded border-slate-300" /> All events
        </label>
        {!allEvents && (
          <div className="grid gap-1.5 pl-6 sm:grid-cols-2">
            {eventTypes.map((type) => (
              <label key={type} className="flex items-center gap-2 font-mono text-xs text-slate-700">
                <input type="checkbox" value={type} {...register('enabledEvents')} className="h-4 w-4 rounded border-slate-300" /> {type}
              </label>
            ))}
          </div>
        )}
        {formState.errors.enabledEvents && <p className="text-xs font-medium text-red-600">{formState.errors.enabledEvents.message}</p>}
      </fieldset>
      <Button type="submit" disabled={formState.isSubmitting}>
        Add endpoint
      </Button>
    </form>
  );
}
