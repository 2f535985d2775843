import { z } from 'zod';
import { messages } from './messages';

// A UTF-16 surrogate without its partner: what a cut emoji or a forged \ud800 escape leaves behind.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL can store: it refuses NUL and unpaired surrogates, and no person types either. */
export const isStorableText = (value: string) => !value.includes('\0') && !LONE_SURROGATE.test(value);

/** The first check of every request string; it stops the others, so the field shows this one message. */
export const storableText = z.refine<string>(isStorableText, { message: messages.charactersNotAllowed, abort: true });

/**
 * Every string a request carries (body, query, path) starts here rather than at z.string(), so
 * nothing PostgreSQL refuses gets past validation; endpoints/request-strings.test.ts walks every request to hold it.
 */
export const text = (message?: string) => z.string(message).check(storableText);

/**
 * Names what the server checks of a field beyond its schema (with another field, or against what it holds), as the
 * OpenAPI extension `x-server-checks`; such a refusal is still a 400 VALIDATION_FAILED keyed by the field. Metadata
 * only: the schema validates as before.
 */
export const serverChecks = <T extends z.ZodType>(schema: T, what: string): T => schema.meta({ 'x-server-checks': what });

/**
 * The format and pattern a field's JSON schema shows where zod cannot: a refine, or a check after a transform
 * (the document describes the input, before trimming or lowercasing). Metadata only, like serverChecks.
 */
export const documented = <T extends z.ZodType>(schema: T, shown: { format?: string; pattern?: RegExp | string; enum?: readonly unknown[]; maxLength?: number }): T =>
  schema.meta({ ...shown, ...(shown.pattern instanceof RegExp ? { pattern: shown.pattern.source } : {}) });

/** What an email address may be: zod's own rule (z.email()), so the document and the check are the same. */
export const EMAIL_PATTERN = z.regexes.email;

export const requiredText = (max = 200, message: string = messages.fieldRequired) =>
  text(message).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

// Users type their email in any case; it is compared and stored in lowercase.
export const emailField = documented(text(messages.emailInvalid).trim().toLowerCase(), { format: 'email', pattern: EMAIL_PATTERN, maxLength: 254 }).pipe(
  z.email(messages.emailInvalid).max(254, messages.emailInvalid),
);

export const phoneField = text(messages.phoneInvalid)
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, messages.phoneInvalid);

/** A login identifier: an email address or a phone number, as typed. */
export const loginIdField = text(messages.fieldRequired).trim().min(1, messages.fieldRequired).max(254);

export const uuid = text().check(z.uuid());
