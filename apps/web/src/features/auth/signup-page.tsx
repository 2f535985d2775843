import { messages } from '@fipay/contracts/messages';
import { Link, useNavigate } from 'react-router';
import { AuthSplitLayout } from '../../components/layouts/auth-split-layout';
import { textLinkClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { DeferredForm, type StandInProps } from '../../lib/deferred-form';
import { onDemand, toastUnavailable } from '../../lib/on-demand';
import { SignupCompanyStep } from './components/signup-company-step';
import { SignupFormMarkup } from './components/signup-form-markup';
import type { SignupFormProps } from './components/signup-form-types';
import { useCountries } from './hooks/use-countries';

// /signup opens with a stand-in of step 1; the real form (react-hook-form, step 2 with its
// password rules, the code that sends it) arrives with the first interaction.
const loadSignupForm = onDemand(() => import('./components/signup-form').then((m) => m.SignupForm));

function SignupStandIn({ form, submitting, countries }: StandInProps<SignupFormProps>) {
  const navigate = useNavigate();
  return (
    <SignupFormMarkup form={form} step={1} busy={submitting} onBack={() => navigate(paths.login)}>
      <SignupCompanyStep field={(name) => ({ name: `company.${name}` })} countries={countries} />
    </SignupFormMarkup>
  );
}

export function SignupPage() {
  const countries = useCountries();
  return (
    <AuthSplitLayout>
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create your business account</h1>
          <p className="text-sm text-slate-600">
            Already have an account?{' '}
            <Link to={paths.login} className={textLinkClasses}>
              Sign in
            </Link>
          </p>
        </div>
        <DeferredForm
          load={loadSignupForm}
          props={{ countries }}
          StandIn={SignupStandIn}
          onUnavailable={() => toastUnavailable(messages.signupFailed)}
        />
      </div>
    </AuthSplitLayout>
  );
}
