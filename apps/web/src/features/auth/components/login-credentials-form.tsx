import { messages } from '@fipay/contracts/messages';
import { DeferredForm, type StandInProps } from '../../../lib/deferred-form';
import { onDemand, toastUnavailable } from '../../../lib/on-demand';
import { LoginCredentialsMarkup, type LoginCredentialsFormProps } from './login-credentials-markup';

// react-hook-form and the sending code: fetched at the first interaction so /login opens without them.
const loadLiveForm = onDemand(() => import('./login-credentials-live-form').then((m) => m.LoginCredentialsLiveForm));

/** Until react-hook-form arrives: the same markup, its fields uncontrolled. */
function LoginCredentialsStandIn({ form, submitting, initialEmail = '' }: StandInProps<LoginCredentialsFormProps>) {
  return (
    <LoginCredentialsMarkup form={form} busy={submitting} field={(name) => ({ name, defaultValue: name === 'email' ? initialEmail : '' })} />
  );
}

export function LoginCredentialsForm(props: LoginCredentialsFormProps) {
  return (
    <DeferredForm
      load={loadLiveForm}
      props={props}
      StandIn={LoginCredentialsStandIn}
      onUnavailable={() => toastUnavailable(messages.loginFailed)}
    />
  );
}
