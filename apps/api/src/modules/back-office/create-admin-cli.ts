import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createReviewerRequest } from '@fipay/contracts/back-office';
import { ConfigError, loadConfig } from '../../config';
import { openDbForCommand } from '../../db/client';
import { migrate } from '../../db/migrate';
import { AppError } from '../../lib/errors';
import { createReviewer, findReviewerByEmail, resetReviewerAccess } from './reviewers';

/**
 * `npm run admin:create -- --email ada@fipay.ng --name "Ada Obi"`: creates a
 * back-office admin and prints a one-time link to set the password (the first
 * admin has nobody to invite them). `--reset` gives an existing reviewer a new
 * link, clearing their password and authenticator: the way back for an admin
 * locked out of their authenticator. Uses the same DATA_DIR / DATABASE_URL as the server.
 */
const usage = 'Usage: npm run admin:create -- --email <email> --name "<full name>" [--reset]';

class UsageError extends Error {}
function fail(message: string): never {
  throw new UsageError(message);
}

let args;
let config;
try {
  args = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, reset: { type: 'boolean', default: false } } }).values;
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `${(error as Error).message}\n${usage}`);
  process.exit(1);
}

const db = await openDbForCommand(config);
const ctx = { db, config };
const actor = { type: 'system' as const, name: 'admin:create command' };
try {
  await migrate(db);
  const existing = args.email ? await findReviewerByEmail(db, args.email) : undefined;
  let result;
  if (args.reset) {
    if (!existing) fail(`No reviewer has the email ${args.email ?? '(none given)'}.\n${usage}`);
    result = await resetReviewerAccess(ctx, existing.id, { actor, sendEmail: false });
    console.log(`Access reset for ${result.reviewer.name} <${result.reviewer.email}> (${result.reviewer.role}).`);
  } else {
    const input = createReviewerRequest.safeParse({ email: args.email ?? '', name: args.name ?? '', role: 'admin' });
    if (!input.success) fail(`${Object.values(z.flattenError(input.error).fieldErrors).flat().join('\n')}\n${usage}`);
    if (existing) fail(`A reviewer with the email ${existing.email} already exists. Add --reset to give them a new password link.`);
    result = await createReviewer(ctx, input.data, { actor, sendEmail: false });
    console.log(`Admin created: ${result.reviewer.name} <${result.reviewer.email}>.`);
  }
  console.log('Open this link within 24 hours to set the password (it works once), then set up an authenticator app:');
  console.log(result.setupLink);
} catch (error) {
  if (!(error instanceof UsageError || error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
