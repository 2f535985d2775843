import { rollExpiries, type ApiKey, type RollExpiry } from '@fipay/contracts/developers';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge } from '../../components/ui/status-badge';
import { accountQueryOptions } from '../../api/get-account';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useMode } from '../../stores/mode-store';
import { formatDateTime } from '../../lib/format-time';
import { useApiKeys, useCreateApiKeys, useRollApiKey, useSendRollCode } from './api/api-keys';
import { SecretOnceDialog } from './components/secret-once-dialog';

const expiryLabels: Record<RollExpiry, string> = { now: 'Now', '1h': 'In 1 hour', '24h': 'In 24 hours', '7d': 'In 7 days' };

/** '/api-keys': the publishable and secret key of the current mode; create them once, roll the secret. */
export function ApiKeysPage() {
  const [mode] = useMode();
  const keys = useApiKeys();
  const create = useCreateApiKeys();
  const [secret, setSecret] = useState<string | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const livemode = mode === 'live';
  const shown = (keys.data ?? []).filter((key) => key.livemode === livemode);

  async function createKeys() {
    try {
      const made = await create.mutateAsync(mode);
      setSecret(made.secretKey);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The keys could not be created.'));
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">API Keys</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Your systems call FiPay with the secret key; the publishable key is safe to put in a web page. These are your{' '}
          <strong>{livemode ? 'live' : 'test'} mode</strong> keys: test keys never move real money. Switch mode at the top of the page.
        </p>
      </div>

      <QueryState
        query={keys}
        loading="your keys"
        failure="We could not load your keys."
        empty={() =>
          shown.length === 0
            ? {
                icon: KeyRoundIcon,
                title: `No ${livemode ? 'live' : 'test'} keys yet`,
                text: `Create a publishable and a secret key for ${livemode ? 'live' : 'test'} mode.`,
                action: (
                  <Button onClick={() => void createKeys()} disabled={create.isPending}>
                    Create {livemode ? 'live' : 'test'} keys
                  </Button>
                ),
              }
            : null
        }
      >
        {() => (
          <section aria-label={`${livemode ? 'Live' : 'Test'} mode keys`} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <ul className="divide-y divide-slate-200">
              {shown.map((key) => (
                <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="text-sm font-semibold text-slate-900">
                      {key.kind === 'secret' ? 'Secret key' : 'Publishable key'}
                      {key.expiresAt && <StatusBadge kind="apiKey" status="expiring" detail={formatDateTime(key.expiresAt)} className="ml-2" />}
                    </p>
                    <code className="block font-mono text-sm break-all text-slate-700">{key.key}</code>
                    <p className="text-xs text-slate-500">
                      Created {formatDateTime(key.createdAt)} · Last used {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}
                    </p>
                  </div>
                  {key.kind === 'secret' && !key.expiresAt && (
                    <Button variant="secondary" size="sm" onClick={() => setRolling(key)}>
                      Roll key
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </QueryState>

      <RollKeyDialog
        apiKey={rolling}
        onClose={() => setRolling(null)}
        onRolled={(secretKey) => {
          setRolling(null);
          setSecret(secretKey);
        }}
      />
      <SecretOnceDialog secret={secret} title="Your new secret key" label="Secret key" onClose={() => setSecret(null)} />
    </div>
  );
}

type RollForm = { expiresIn: RollExpiry; password: string; code: string };

function RollKeyDialog({ apiKey, onClose, onRolled }: { apiKey: ApiKey | null; onClose: () => void; onRolled: (secretKey: string) => void }) {
  const roll = useRollApiKey();
  const { register, handleSubmit, setError, reset, formState } = useForm<RollForm>({ defaultValues: { expiresIn: '24h', password: '', code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const live = apiKey?.livemode ?? false;
  // Which second factor a live roll asks for (none, authenticator or emailed code).
  const account = useQuery({ ...accountQueryOptions(), enabled: live });
  const method = account.data?.security.twoFactorMethod ?? null;
  const sendCode = useSendRollCode();

  async function emailCode() {
    try {
      await sendCode.mutateAsync();
      toast.success('We emailed you a code.');
    } catch (error) {
      toast.error(errorMessage(error, 'The code could not be sent.'));
    }
  }

  function close() {
    reset();
    setFailure(null);
    onClose();
  }

  async function submit(values: RollForm) {
    if (!apiKey) return;
    setFailure(null);
    try {
      const rolled = await roll.mutateAsync({
        id: apiKey.id,
        expiresIn: values.expiresIn,
        ...(live ? { password: values.password, ...(values.code ? { code: values.code } : {}) } : {}),
      });
      reset();
      onRolled(rolled.secretKey);
    } catch (error) {
      if (!applyServerErrors(setError, error, ['password', 'code', 'expiresIn'])) setFailure(errorMessage(error, 'The key could not be rolled.'));
    }
  }

  return (
    <Dialog
      open={apiKey !== null}
      onClose={close}
      title="Roll secret key"
      description={<p>A new secret key is made and shown once. Choose how long the current one keeps working, so your systems can switch over.</p>}
      body={
        <form id="roll-key-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <SelectField label="The current key stops working" {...register('expiresIn')} error={formState.errors.expiresIn?.message}>
            {rollExpiries.map((expiry) => (
              <option key={expiry} value={expiry}>
                {expiryLabels[expiry]}
              </option>
            ))}
          </SelectField>
          {live && (
            <>
              <TextField label="Password" type="password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
              {method === 'authenticator' && (
                <TextField
                  label="Authenticator code"
                  hint="The code from your authenticator app, or a recovery code."
                  autoComplete="one-time-code"
                  {...register('code')}
                  error={formState.errors.code?.message}
                />
              )}
              {method === 'email' && (
                <div className="space-y-2">
                  <TextField label="Emailed code" inputMode="numeric" autoComplete="one-time-code" {...register('code')} error={formState.errors.code?.message} />
                  <Button size="sm" variant="secondary" onClick={() => void emailCode()} disabled={sendCode.isPending}>
                    Email me a code
                  </Button>
                </div>
              )}
            </>
          )}
        </form>
      }
    >
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button type="submit" form="roll-key-form" disabled={formState.isSubmitting} data-autofocus>
        Roll key
      </Button>
    </Dialog>
  );
}
