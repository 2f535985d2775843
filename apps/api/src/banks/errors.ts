import { kybMessages } from '@fipay/contracts/kyb';
import { AppError } from '../lib/errors';

/**
 * What the bank directory says when it cannot help. These belong with the other
 * KYB messages in @fipay/contracts once that file is free to change.
 */
export const bankMessages = {
  bankInvalid: kybMessages.bankInvalid,
  accountNumberInvalid: 'This account number is not valid for the selected bank. Check the number and try again.',
  accountNotFound: 'We could not find this account at the selected bank. Check the account number and bank, then try again.',
  unavailable: 'The bank directory is unavailable right now. Please try again shortly.',
} as const;

export function invalidBank(): AppError {
  return new AppError('UNPROCESSABLE', bankMessages.bankInvalid, { errors: { bankCode: bankMessages.bankInvalid } });
}

export function invalidAccountNumber(): AppError {
  return new AppError('UNPROCESSABLE', bankMessages.accountNumberInvalid, { errors: { accountNumber: bankMessages.accountNumberInvalid } });
}

export function accountNotFound(): AppError {
  return new AppError('UNPROCESSABLE', bankMessages.accountNotFound, { errors: { accountNumber: bankMessages.accountNotFound } });
}

/**
 * The provider failed. `reason` is for the server log only (never the user, never
 * a secret): it rides on the error's `cause`.
 */
export function providerUnavailable(reason: string): AppError {
  const error = new AppError('BAD_GATEWAY', bankMessages.unavailable);
  error.cause = reason;
  return error;
}
