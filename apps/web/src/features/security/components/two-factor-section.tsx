import { messages } from '@fipay/contracts/messages';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import MailIcon from 'lucide-react/icons/mail';
import SmartphoneIcon from 'lucide-react/icons/smartphone';
import { ResendCodeButton } from '../../../components/ui/resend-code-button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import {
  disableAuthenticator,
  disableEmailTwoFactor,
  sendEmailTwoFactorCode,
  setupAuthenticator,
} from '../api/two-factor';
import { useTwoFactorMethod } from '../hooks/use-two-factor-method';
import { AuthenticatorSetupDialog, type AuthenticatorSetup } from './authenticator-setup-dialog';
import { EmailCodeSetupDialog } from './email-code-setup-dialog';
import { CodeSentText, type CodeSent } from './email-code-sent';
import { TurnOffDialog } from './turn-off-dialog';
import { TwoFactorOption } from './two-factor-option';

type OpenDialog =
  | { kind: 'authenticator-setup'; setup: AuthenticatorSetup }
  | { kind: 'authenticator-off' }
  | { kind: 'email-setup'; sent: CodeSent | null }
  | { kind: 'email-off'; sent: CodeSent | null };

type EmailPurpose = 'email-setup' | 'email-off';

const onlyOneMethod = (other: string) => `Turn off ${other} first: only one method can be on at a time.`;

export function TwoFactorSection() {
  const email = useAuthStore((state) => state.user?.email);
  const { state, setMethod, retry } = useTwoFactorMethod();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [starting, setStarting] = useState<'authenticator' | 'email' | null>(null);
  // The email code last sent and what it confirms: reopening the dialog within the resend gap reuses it.
  const lastSent = useRef<{ purpose: EmailPurpose; at: number; sent: CodeSent } | null>(null);
  const authenticatorButton = useRef<HTMLButtonElement>(null);
  const emailButton = useRef<HTMLButtonElement>(null);

  const method = state.status === 'ready' ? state.method : null;

  function closeDialog() {
    const button = dialog?.kind.startsWith('email') ? emailButton : authenticatorButton;
    setDialog(null);
    // The opener was disabled while its request ran, so the dialog could not hand focus back to it.
    window.requestAnimationFrame(() => button.current?.focus());
  }

  async function startAuthenticator() {
    setStarting('authenticator');
    try {
      const { data } = await setupAuthenticator();
      setDialog({ kind: 'authenticator-setup', setup: data });
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
    } finally {
      setStarting(null);
    }
  }

  async function sendCode(purpose: EmailPurpose): Promise<CodeSent> {
    const response = await sendEmailTwoFactorCode();
    lastSent.current = { purpose, at: Date.now(), sent: response.data };
    return response.data;
  }

  async function startEmail(kind: EmailPurpose) {
    const recent = lastSent.current;
    const elapsed = recent ? (Date.now() - recent.at) / 1000 : Infinity;
    if (recent && recent.purpose === kind && elapsed < recent.sent.resendInSeconds) {
      setDialog({
        kind,
        sent: {
          expiresInSeconds: recent.sent.expiresInSeconds - elapsed,
          resendInSeconds: Math.ceil(recent.sent.resendInSeconds - elapsed),
        },
      });
      return;
    }
    setStarting('email');
    try {
      setDialog({ kind, sent: await sendCode(kind) });
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      // Too soon for another email: the code sent moments ago still works.
      if (error instanceof ApiError && error.status === 429) setDialog({ kind, sent: null });
    } finally {
      setStarting(null);
    }
  }

  async function resend(purpose: EmailPurpose) {
    try {
      const sent = await sendCode(purpose);
      toast.success(messages.emailCodeSent);
      return sent.resendInSeconds;
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      throw error;
    }
  }

  function codeConsumed() {
    lastSent.current = null;
  }

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
          Two-Factor Authentication
        </h2>
        <p className="text-sm text-slate-600">
          Ask for a one-time code as well as your password when you sign in. Only one method can be on at a time.
        </p>
      </div>
      <div className="mt-6">
        {state.status === 'error' ? (
          <Alert tone="error">
            <p>{state.message}</p>
            <Button variant="secondary" size="sm" onClick={retry}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ul className="divide-y divide-slate-200" aria-busy={state.status === 'loading'}>
            <TwoFactorOption
              icon={<SmartphoneIcon className="h-5 w-5" />}
              title="Authenticator App"
              description="Use a new code every 30 seconds from an app such as Google Authenticator or Microsoft Authenticator."
              active={method === 'authenticator'}
              blockedReason={method === 'email' ? onlyOneMethod('Email Code') : null}
              unavailable={state.status === 'loading'}
              busy={starting === 'authenticator'}
              onActivate={startAuthenticator}
              onTurnOff={() => setDialog({ kind: 'authenticator-off' })}
              buttonRef={authenticatorButton}
            />
            <TwoFactorOption
              icon={<MailIcon className="h-5 w-5" />}
              title="Email Code"
              description="Get a 6-digit code by email each time you sign in."
              active={method === 'email'}
              blockedReason={method === 'authenticator' ? onlyOneMethod('the Authenticator App') : null}
              unavailable={state.status === 'loading'}
              busy={starting === 'email'}
              onActivate={() => startEmail('email-setup')}
              onTurnOff={() => startEmail('email-off')}
              buttonRef={emailButton}
            />
          </ul>
        )}
      </div>

      {dialog?.kind === 'authenticator-setup' && (
        <AuthenticatorSetupDialog
          setup={dialog.setup}
          onClose={closeDialog}
          onEnabled={() => setMethod('authenticator')}
        />
      )}
      {dialog?.kind === 'authenticator-off' && (
        <TurnOffDialog
          title="Turn off the authenticator app"
          description="Enter your password and a code from your authenticator app, or one of your recovery codes."
          codeLabel="Authenticator or recovery code"
          checkCode={() => null}
          submit={disableAuthenticator}
          successFallback={messages.twoFactorDisabled}
          onClose={closeDialog}
          onTurnedOff={() => {
            setMethod(null);
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'email-setup' && (
        <EmailCodeSetupDialog
          sent={dialog.sent}
          onResend={() => resend('email-setup')}
          onClose={closeDialog}
          onEnabled={() => {
            codeConsumed();
            setMethod('email');
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'email-off' && (
        <TurnOffDialog
          title="Turn off email codes"
          description={
            dialog.sent ? (
              <>
                <CodeSentText sent={dialog.sent} email={email} /> Enter it with your password.
              </>
            ) : (
              'Enter your password and the 6-digit code we sent to your email.'
            )
          }
          codeLabel="Code from your email"
          numericCode
          checkCode={(code) => (/^\d{6}$/.test(code) ? null : messages.twoFactorEmailRequired)}
          submit={disableEmailTwoFactor}
          successFallback={messages.emailTwoFactorDisabled}
          codeExtra={
            <div className="flex justify-end">
              <ResendCodeButton onResend={() => resend('email-off')} initialSeconds={dialog.sent?.resendInSeconds ?? 0} />
            </div>
          }
          onClose={closeDialog}
          onTurnedOff={() => {
            codeConsumed();
            setMethod(null);
            closeDialog();
          }}
        />
      )}
    </section>
  );
}
