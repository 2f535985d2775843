import type { SignupRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import toast from 'react-hot-toast';
import type { NavigateFunction } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { signup } from '../api/signup';

// What the sign-up form does when sent; loaded with it at the first interaction so /signup opens without the API code.

/** `error` may carry the server's field errors, keyed by the request's field path (`user.email`). */
export type SignupFailure = { message: string; error: unknown };

/** Creates the account and goes to sign-in; on failure, what the form should show. */
export async function submitSignup(navigate: NavigateFunction, request: SignupRequest): Promise<SignupFailure | null> {
  try {
    await signup(request);
    toast.success(messages.signupSuccess);
    navigate(paths.login);
    return null;
  } catch (error) {
    // The form says it: under a field when the refusal names one, else above the form and as a toast.
    return { message: errorMessage(error, messages.signupFailed), error };
  }
}
