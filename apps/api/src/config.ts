import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultRateRules, type RateRule, type RateRuleName } from './lib/rate-limit';
import { defaultFeeSchedule, feeScheduleSchema, type FeeSchedule } from '@fipay/contracts/payments';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '@fipay/contracts/webhooks';
import { assetCodes, type AssetCode } from '@fipay/contracts/assets';
import { parseDecimal, rational, type Rational } from '@fipay/contracts/rational';
import { DEFAULT_RATES_STALE_AFTER_SECONDS } from '@fipay/contracts/rates';
import { DEFAULT_TAG_CHANGE_INTERVAL_DAYS, DEFAULT_TAG_RELEASE_HOLD_DAYS } from '@fipay/contracts/fipay-tags';
import { DEFAULT_PAYMENT_METHOD_COOLING_OFF_SECONDS } from '@fipay/contracts/payment-methods';
import { DEFAULT_TRANSFER_CODE_ABOVE_USD } from '@fipay/contracts/transfers';
import { configuredTiers, defaultDailyLimits, limitKinds, MAX_LIMIT_CENTS, type ConfiguredTier, type TierLimits } from '@fipay/contracts/daily-limits';
import { parseAmount } from '@fipay/contracts/money';
import type { WithdrawableAsset } from '@fipay/contracts/withdrawals';
import type { CommunityLink } from '@fipay/contracts/community';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalSecret = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().min(32, 'must be at least 32 characters').optional(),
);

/** A YYYY-MM-DD day that exists in the calendar (not 2027-02-30). */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('FiPay <no-reply@fipay.local>'),
  JWT_SECRET: optionalSecret,
  ENCRYPTION_KEY: optionalSecret,
  REDIS_URL: optionalUrl,
  TRUST_PROXY: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.preprocess((v) => v === undefined ? undefined : v === 'true' || v === '1', z.boolean().optional()),
  BANK_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  BANK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  RATE_LIMITS: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Unset: allowed outside production (a laptop's receiver on localhost), refused in production.
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  // Seconds from a failed webhook attempt to the next, one per retry.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){0,19}\s*$/, 'must be up to 20 comma-separated numbers of seconds, e.g. 5,300,1800')
    .optional(),
  // The fee on a successful charge, as JSON in kobo and basis points; unset: 1.5% + ₦100 (waived under ₦2,500), capped at ₦2,000.
  FEES: z.string().optional(),
  // Seconds from a test-mode charge to its money being available (live mode: the next business day).
  TEST_SETTLEMENT_DELAY_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(0),
  // Public holidays declared by the Federal Government (Islamic holidays, substitute days), YYYY-MM-DD, comma-separated.
  PUBLIC_HOLIDAYS: z
    .string()
    .regex(/^\s*(\d{4}-\d{2}-\d{2}(\s*,\s*\d{4}-\d{2}-\d{2})*)?\s*$/, 'must be dates as YYYY-MM-DD separated by commas, e.g. 2027-03-10,2027-03-11')
    .refine((value) => value.split(',').every((day) => !day.trim() || isCalendarDay(day.trim())), 'has a date that does not exist')
    .optional(),
  // Market rates (docs/decisions/0066-market-rates-and-crosses.md).
  RATE_PROVIDER: z.enum(['sandbox', 'coingecko']).default('sandbox'),
  COINGECKO_BASE_URL: z.url().default('https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: z.string().optional(),
  RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  RATES_REFRESH_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  RATES_STALE_AFTER_SECONDS: z.coerce.number().int().min(10).max(7 * 86_400).default(DEFAULT_RATES_STALE_AFTER_SECONDS),
  // The sandbox's mid rates in USD per whole unit, as JSON of decimals or fractions, e.g. {"BTC":"67187.34","NGN":"1/1550"}.
  SANDBOX_RATES: z.string().optional(),
  SANDBOX_RATES_SEED: z.string().min(1).max(200).default('fipay-sandbox-rates'),
  // FiPay tags (docs/decisions/0068-fipay-tags.md): how often a company may change its tag, and how long a tag given up is held.
  TAG_CHANGE_INTERVAL_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_TAG_CHANGE_INTERVAL_DAYS),
  TAG_RELEASE_HOLD_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_TAG_RELEASE_HOLD_DAYS),
  // Seconds from adding a payment method to its first withdrawal (docs/decisions/0067-payment-methods.md).
  PAYMENT_METHOD_COOLING_OFF_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(DEFAULT_PAYMENT_METHOD_COOLING_OFF_SECONDS),
  // Transfers (docs/decisions/0073-transfers-between-businesses.md): a dashboard user gives a code to send more than this, in whole US dollars.
  TRANSFER_CODE_ABOVE_USD: z.coerce.number().int().min(0).max(1_000_000_000).default(DEFAULT_TRANSFER_CODE_ABOVE_USD),
  // Daily limits per tier in US cents (docs/decisions/0070-daily-limits-and-limit-requests.md), as JSON replacing the tiers named.
  DAILY_LIMITS: z.string().optional(),
  // The marketplace (docs/decisions/0084-marketplace-offers-trades-and-escrow.md): fees in basis points of the traded
  // amount, minutes the seller has to release once paid, and trades a buyer may have awaiting its payment at once.
  // Whether the payouts job pays each company's available naira once a day (daily) or payouts are made by hand only (off).
  PAYOUTS_SCHEDULE: z.enum(['daily', 'off']).default('daily'),
  MARKET_MAKER_FEE_BPS: z.coerce.number().int().min(0).max(1000).default(0),
  MARKET_TAKER_FEE_BPS: z.coerce.number().int().min(0).max(1000).default(0),
  MARKET_RELEASE_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  MARKET_MAX_AWAITING: z.coerce.number().int().min(1).max(100).default(5),
  // Hours both sides of a disputed trade have to write their statements (docs/decisions/0086-trade-disputes.md).
  DISPUTE_EVIDENCE_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  // The community site 'Join Community' opens, and other places the Community page lists (ADR 0088).
  COMMUNITY_URL: z.url({ protocol: /^https?$/ }).default('https://community.fipay.ng'),
  COMMUNITY_LINKS: z.string().optional(),
  // Days a trade's feedback can be edited after it is left (docs/decisions/0087-marketplace-reputation.md).
  MARKET_FEEDBACK_EDIT_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  // Test funds a company may add per asset per UTC day, as JSON of whole-unit amounts, e.g. {"BTC":"0.5","NGN":"5000000"}.
  TEST_FUNDS_DAILY_CAPS: z.string().optional(),
  // The fee on each withdrawal per currency (docs/decisions/0082-withdrawal-webhooks-and-fees.md), as JSON of whole-unit amounts, e.g. {"NGN":"50","USD":"1.50"}.
  WITHDRAWAL_FEES: z.string().optional(),
});

/** Test funds a company may add per asset per UTC day (test mode), in each asset's smallest unit. */
export type TestFundsCaps = Record<AssetCode, bigint>;

/** About 10,000 US dollars' worth of each, in round figures of the asset; TEST_FUNDS_DAILY_CAPS replaces any of them. */
export const defaultTestFundsCaps: TestFundsCaps = {
  NGN: 1_000_000_000n, // ₦10,000,000
  USD: 1_000_000n, // $10,000
  GBP: 1_000_000n,
  EUR: 1_000_000n,
  BTC: 100_000_000n, // 1 BTC
  ETH: 10n * 10n ** 18n, // 10 ETH
  USDT: 10_000_000_000n, // 10,000 USDT
  USDC: 10_000_000_000n,
};

/**
 * A JSON object of asset codes to amounts in whole units (e.g. {"BTC":"0.5","NGN":"5000000"}) as amounts in each
 * asset's smallest unit, replacing those of `defaults` it names; each bad part is named in `problems`.
 */
function parseAssetAmounts<Code extends AssetCode>(name: string, raw: string | undefined, defaults: Record<Code, bigint>, problems: string[], example: string): Record<Code, bigint> {
  if (!raw?.trim()) return defaults;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${name}: must be a JSON object of asset codes to amounts in whole units, ${example}`);
    return defaults;
  }
  const known = Object.keys(defaults) as Code[];
  const amounts = { ...defaults };
  for (const [code, text] of Object.entries(value)) {
    if (!(known as string[]).includes(code)) {
      problems.push(`${name}: ${(assetCodes as readonly string[]).includes(code) ? `"${code}" does not apply here` : `unknown asset "${code}"`} (known: ${known.join(', ')})`);
      continue;
    }
    try {
      amounts[code as Code] = parseAmount(code as Code, String(text), { allowZero: true });
    } catch (error) {
      problems.push(`${name}.${code}: ${(error as Error).message} ${example}`);
    }
  }
  return amounts;
}

const parseTestFundsCaps = (raw: string | undefined, problems: string[]): TestFundsCaps =>
  parseAssetAmounts('TEST_FUNDS_DAILY_CAPS', raw, defaultTestFundsCaps, problems, 'e.g. {"BTC":"0.5","NGN":"5000000"}');

/** The flat fee on each withdrawal per currency, in its smallest unit (docs/decisions/0082-withdrawal-webhooks-and-fees.md). */
export type WithdrawalFees = Record<WithdrawableAsset, bigint>;

/** No fee unless WITHDRAWAL_FEES names one. */
export const defaultWithdrawalFees: WithdrawalFees = { NGN: 0n, USD: 0n, GBP: 0n, EUR: 0n };

const parseWithdrawalFees = (raw: string | undefined, problems: string[]): WithdrawalFees =>
  parseAssetAmounts('WITHDRAWAL_FEES', raw, defaultWithdrawalFees, problems, 'e.g. {"NGN":"50","USD":"1.50"}');

/** The sandbox rate provider's mid rates: USD for one whole unit of each asset (USD itself is 1). */
export type SandboxMidRates = Record<Exclude<AssetCode, 'USD'>, Rational>;

/** Round figures near the market of late 2026, for test mode and development; SANDBOX_RATES replaces any of them. */
export const defaultSandboxMidRates: SandboxMidRates = {
  NGN: rational(1n, 1550n),
  GBP: rational(127n, 100n),
  EUR: rational(108n, 100n),
  BTC: rational(67_187n),
  ETH: rational(3_500n),
  USDT: rational(1n),
  USDC: rational(1n),
};

/** A positive rate written as a decimal ("67187.34") or a fraction of whole numbers ("1/1550"). */
function parseRateText(text: unknown): Rational | null {
  if (typeof text !== 'string') return null;
  const fraction = /^\s*(\d{1,40})\s*\/\s*(\d{1,40})\s*$/.exec(text);
  const value = fraction ? (BigInt(fraction[2]!) === 0n ? null : rational(BigInt(fraction[1]!), BigInt(fraction[2]!))) : parseDecimal(text.trim());
  return value && value.numerator > 0n ? value : null;
}

function parseSandboxRates(raw: string | undefined, problems: string[]): SandboxMidRates {
  if (!raw?.trim()) return defaultSandboxMidRates;
  const example = 'e.g. {"BTC":"67187.34","NGN":"1/1550"}';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`SANDBOX_RATES: must be a JSON object of asset codes to USD prices, ${example}`);
    return defaultSandboxMidRates;
  }
  const rates = { ...defaultSandboxMidRates };
  for (const [code, text] of Object.entries(value)) {
    const known = (assetCodes as readonly string[]).includes(code) && code !== 'USD';
    const rate = parseRateText(text);
    if (!known) problems.push(`SANDBOX_RATES: unknown asset "${code}" (known: ${assetCodes.filter((c) => c !== 'USD').join(', ')})`);
    else if (!rate) problems.push(`SANDBOX_RATES.${code}: needs a positive price in USD as a string, ${example}`);
    else rates[code as keyof SandboxMidRates] = rate;
  }
  return rates;
}

const rateRuleSchema = z.strictObject({
  limit: z.number().int().min(1),
  windowSeconds: z.number().int().min(1).max(7 * 24 * 3600),
});

/** RATE_LIMITS: a JSON object of rule name -> {limit, windowSeconds}, replacing those defaults only. */
function parseRateLimits(raw: string | undefined, problems: string[]): Partial<Record<RateRuleName, RateRule>> {
  if (!raw?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    problems.push('RATE_LIMITS: must be a JSON object, e.g. {"signupPerIp":{"limit":100,"windowSeconds":3600}}');
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push('RATE_LIMITS: must be a JSON object of rule names');
    return {};
  }
  const rules: Partial<Record<RateRuleName, RateRule>> = {};
  for (const [name, rule] of Object.entries(value)) {
    if (!(name in defaultRateRules)) {
      problems.push(`RATE_LIMITS: unknown rule "${name}" (known: ${Object.keys(defaultRateRules).join(', ')})`);
      continue;
    }
    const parsed = rateRuleSchema.safeParse(rule);
    if (parsed.success) rules[name as RateRuleName] = parsed.data;
    else problems.push(`RATE_LIMITS.${name}: needs {"limit": whole number >= 1, "windowSeconds": 1 to 604800}`);
  }
  return rules;
}

const DAILY_LIMITS_EXAMPLE = 'e.g. {"approved":{"trade":"100000","send":"100000"},"tier_2":{"trade":"1000000","send":"1000000"}}';

/** DAILY_LIMITS: tier -> {trade, send} in whole US cents (digit strings or whole numbers); the tiers given replace the defaults. */
function parseDailyLimits(raw: string | undefined, problems: string[]): Record<ConfiguredTier, TierLimits> {
  if (!raw?.trim()) return defaultDailyLimits;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`DAILY_LIMITS: must be a JSON object of tiers to {"trade","send"} in US cents, ${DAILY_LIMITS_EXAMPLE}`);
    return defaultDailyLimits;
  }
  const limits = { ...defaultDailyLimits };
  for (const [tier, figures] of Object.entries(value)) {
    if (!(configuredTiers as readonly string[]).includes(tier)) {
      problems.push(`DAILY_LIMITS: unknown tier "${tier}" (known: ${configuredTiers.join(', ')})`);
      continue;
    }
    const record = typeof figures === 'object' && figures !== null && !Array.isArray(figures) ? (figures as Record<string, unknown>) : {};
    const parsed: Partial<TierLimits> = {};
    for (const kind of limitKinds) {
      const text = record[kind];
      const cents = typeof text === 'string' && /^\d{1,13}$/.test(text) ? BigInt(text) : Number.isSafeInteger(text) && (text as number) >= 0 ? BigInt(text as number) : null;
      if (cents === null || cents > MAX_LIMIT_CENTS) problems.push(`DAILY_LIMITS.${tier}.${kind}: needs whole US cents from 0 to ${MAX_LIMIT_CENTS}, ${DAILY_LIMITS_EXAMPLE}`);
      else parsed[kind] = cents;
    }
    const unknown = Object.keys(record).filter((key) => !(limitKinds as readonly string[]).includes(key));
    if (unknown.length) problems.push(`DAILY_LIMITS.${tier}: unknown ${unknown.join(', ')} (known: ${limitKinds.join(', ')})`);
    if (parsed.trade !== undefined && parsed.send !== undefined) limits[tier as ConfiguredTier] = parsed as TierLimits;
  }
  // A raised tier never lowers a limit: a reviewer's grant of one is always a raise.
  for (const kind of limitKinds) {
    const [approved, two, three] = (['approved', 'tier_2', 'tier_3'] as const).map((tier) => limits[tier][kind]);
    if (!(approved! <= two! && two! <= three!)) problems.push(`DAILY_LIMITS: the ${kind} limits must not fall from approved to tier_2 to tier_3`);
  }
  return limits;
}

function parseFees(raw: string | undefined, problems: string[]): FeeSchedule {
  if (!raw?.trim()) return defaultFeeSchedule;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = feeScheduleSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  problems.push('FEES: needs {"percentBps": 0-10000, "flat": kobo, "flatWaivedUnder": kobo, "cap": kobo or null}, e.g. {"percentBps":150,"flat":10000,"flatWaivedUnder":250000,"cap":200000}');
  return defaultFeeSchedule;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  encryptionKey: string;
  redisUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  storage:
    | { driver: 'local'; dir: string }
    | { driver: 's3'; endpoint: string | undefined; region: string; bucket: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean };
  banks: { provider: 'sandbox' | 'paystack'; paystackSecretKey: string | undefined; paystackBaseUrl: string; timeoutMs: number };
  rateLimits: Partial<Record<RateRuleName, RateRule>>;
  /** How long SIGTERM waits for requests in flight and mail being sent before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Whether a webhook endpoint may point at a private, loopback or link-local address. */
  webhookAllowPrivate: boolean;
  /** Seconds from a failed webhook attempt to the next, one per retry. */
  webhookRetryScheduleSeconds: number[];
  /** The fee on a successful charge. */
  fees: FeeSchedule;
  /** Seconds from a test-mode charge to its money being available. */
  testSettlementDelaySeconds: number;
  /** Public holidays declared beyond those known in advance (lib/ng-holidays.ts), as YYYY-MM-DD. */
  publicHolidays: ReadonlySet<string>;
  /** Market rates: where they come from, how often they are refreshed and when they are too old to price on. */
  rates: {
    provider: 'sandbox' | 'coingecko';
    coingecko: { baseUrl: string; apiKey: string | undefined };
    timeoutMs: number;
    refreshSeconds: number;
    staleAfterSeconds: number;
    sandbox: { mids: SandboxMidRates; seed: string };
  };
  /** FiPay tags: days between a company's changes, and days a tag given up is held from other companies. */
  tags: { changeIntervalDays: number; releaseHoldDays: number };
  /** Seconds from adding a payment method to when it can receive withdrawals. */
  paymentMethodCoolingOffSeconds: number;
  /** A dashboard user gives the second factor's code to send a transfer worth more than this many US dollars. */
  transferCodeAboveUsd: number;
  /** Daily limits per tier, in US cents. */
  dailyLimits: Record<ConfiguredTier, TierLimits>;
  /** Daily payouts by the payouts job, or by hand only. */
  payoutsSchedule: 'daily' | 'off';
  /** The marketplace: maker's and taker's fees (basis points), the seller's release window, a buyer's trades awaiting payment. */
  market: { makerFeeBps: number; takerFeeBps: number; releaseMinutes: number; maxAwaiting: number; disputeEvidenceHours: number };
  /** The marketplace's reputation: days a trade's feedback stays editable. */
  reputation: { feedbackEditDays: number };
  /** Test funds a company may add per asset per UTC day, in smallest units. */
  testFundsDailyCaps: TestFundsCaps;
  /** The flat fee on each withdrawal per currency, in its smallest unit. */
  withdrawalFees: WithdrawalFees;
  /** The community site ('Join Community') and the further links the Community page lists. */
  community: { url: string; links: CommunityLink[] };
};

const communityLinksSchema = z
  .array(z.strictObject({ label: z.string().trim().min(1).max(60), url: z.url({ protocol: /^https?$/ }) }))
  .max(20);

/** COMMUNITY_LINKS: a JSON list of `{ "label", "url" }` (http or https addresses), shown in its order. */
function parseCommunityLinks(raw: string | undefined, problems: string[]): CommunityLink[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push('COMMUNITY_LINKS: not valid JSON');
    return [];
  }
  const parsed = communityLinksSchema.safeParse(json);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((i) => `COMMUNITY_LINKS${i.path.length ? `.${i.path.join('.')}` : ''}: ${i.message}`));
    return [];
  }
  return parsed.data;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads a secret kept in the data folder, creating it on first start. */
function persistedSecret(dataDir: string, file: string): string {
  const target = path.join(dataDir, file);
  if (existsSync(target)) return readFileSync(target, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(target, secret, { mode: 0o600 });
  return secret;
}

// src/config.ts and the bundled dist/server.js sit at the same depth, so the web build is found from either.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The one place that reads the environment; every bad key is named at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
    if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY: required when NODE_ENV=production');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (e.BANK_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) problems.push('PAYSTACK_SECRET_KEY: required when BANK_PROVIDER=paystack');
  const rateLimits = parseRateLimits(e.RATE_LIMITS, problems);
  const fees = parseFees(e.FEES, problems);
  const sandboxMids = parseSandboxRates(e.SANDBOX_RATES, problems);
  const dailyLimits = parseDailyLimits(e.DAILY_LIMITS, problems);
  const testFundsDailyCaps = parseTestFundsCaps(e.TEST_FUNDS_DAILY_CAPS, problems);
  const withdrawalFees = parseWithdrawalFees(e.WITHDRAWAL_FEES, problems);
  const communityLinks = parseCommunityLinks(e.COMMUNITY_LINKS, problems);
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    encryptionKey: e.ENCRYPTION_KEY ?? persistedSecret(dataDir, 'encryption-key'),
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // Self-hosted stores (MinIO, test servers) need path-style addressing.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          }
        : { driver: 'local', dir: path.join(dataDir, 'uploads') },
    banks: {
      provider: e.BANK_PROVIDER,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: e.BANK_TIMEOUT_MS,
    },
    rateLimits,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webhookRetryScheduleSeconds: e.WEBHOOK_RETRY_SCHEDULE ? e.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number) : DEFAULT_RETRY_SCHEDULE_SECONDS,
    fees,
    testSettlementDelaySeconds: e.TEST_SETTLEMENT_DELAY_SECONDS,
    publicHolidays: new Set((e.PUBLIC_HOLIDAYS ?? '').split(',').map((day) => day.trim()).filter(Boolean)),
    rates: {
      provider: e.RATE_PROVIDER,
      coingecko: { baseUrl: e.COINGECKO_BASE_URL.replace(/\/+$/, ''), apiKey: e.COINGECKO_API_KEY || undefined },
      timeoutMs: e.RATES_TIMEOUT_MS,
      refreshSeconds: e.RATES_REFRESH_SECONDS,
      staleAfterSeconds: e.RATES_STALE_AFTER_SECONDS,
      sandbox: { mids: sandboxMids, seed: e.SANDBOX_RATES_SEED },
    },
    tags: { changeIntervalDays: e.TAG_CHANGE_INTERVAL_DAYS, releaseHoldDays: e.TAG_RELEASE_HOLD_DAYS },
    paymentMethodCoolingOffSeconds: e.PAYMENT_METHOD_COOLING_OFF_SECONDS,
    transferCodeAboveUsd: e.TRANSFER_CODE_ABOVE_USD,
    dailyLimits,
    payoutsSchedule: e.PAYOUTS_SCHEDULE,
    market: { makerFeeBps: e.MARKET_MAKER_FEE_BPS, takerFeeBps: e.MARKET_TAKER_FEE_BPS, releaseMinutes: e.MARKET_RELEASE_MINUTES, maxAwaiting: e.MARKET_MAX_AWAITING, disputeEvidenceHours: e.DISPUTE_EVIDENCE_HOURS },
    reputation: { feedbackEditDays: e.MARKET_FEEDBACK_EDIT_DAYS },
    testFundsDailyCaps,
    withdrawalFees,
    community: { url: e.COMMUNITY_URL, links: communityLinks },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === undefined ? e.NODE_ENV !== 'production' : e.WEBHOOK_ALLOW_PRIVATE === 'true' || e.WEBHOOK_ALLOW_PRIVATE === '1',
  };
}
