import { z } from 'zod';
import { messages } from './messages';

export const requiredText = (max = 200, message: string = messages.fieldRequired) =>
  z.string(message).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

// Users type their email in any case; it is compared and stored in lowercase.
export const emailField = z
  .string(messages.emailInvalid)
  .trim()
  .toLowerCase()
  .pipe(z.email(messages.emailInvalid).max(254, messages.emailInvalid));

export const phoneField = z
  .string(messages.phoneInvalid)
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, messages.phoneInvalid);

/** A login identifier: an email address or a phone number, as typed. */
export const loginIdField = z.string(messages.fieldRequired).trim().min(1, messages.fieldRequired).max(254);

export const uuid = z.uuid();
