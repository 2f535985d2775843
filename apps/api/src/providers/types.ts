import type { AssetCode } from '@fipay/contracts/assets';
import type { Rational } from '@fipay/contracts/rational';
import type { BankProvider } from '../banks/types';

/**
 * The payment providers behind our own interfaces (docs/decisions/0054-providers-behind-interfaces.md): the
 * core asks an `Acquirer` for charges and refunds, a `TransferProvider` for payouts and a `BankProvider` for the
 * bank directory, and reads inbound webhooks through a `WebhookReader` as our own actions. Every answer is in our
 * words: a provider's statuses and event names stay in its implementation (providers/paystack/). Failures are
 * AppErrors: BAD_GATEWAY (502) when the provider is down, slow or answers something it does not document (the
 * reason in `cause`, for the log only); a documented refusal is answered as a `Refusal`.
 */

/** Which provider a row was made with (the `provider` column of transactions, payouts and refunds' transactions). */
export type ProviderName = 'sandbox' | 'paystack';

/** The provider said no to a request: its message, for the log only. */
export type Refusal = { refused: string };

export type Card = { brand: string; last4: string };

/** A charge as the provider holds it now: `paid`, `failed` (final) or `open` (the customer may still pay). */
export type ChargeStatus = 'paid' | 'failed' | 'open';

export type ChargeCheck = {
  /** The provider's own id for the charge (refunds are found by it). */
  providerId: string;
  /** Our transaction's id as the charge was started with it (startCharge's `mark`), or null when it carries none. */
  mark: string | null;
  status: ChargeStatus;
  /** The provider's own word for the status, for a person reading the history. */
  providerStatus: string;
  amount: number;
  currency: string;
  channel: 'card' | 'bank_transfer';
  card: Card | null;
  gatewayResponse: string;
};

/** A refund at the provider: waiting (`pending`), done, failed, waiting for a person, or a state we do not know. */
export type RefundStatus = 'pending' | 'processed' | 'failed' | 'needs-attention' | 'unknown';

/** A transfer at the provider: paid to the bank, failed, reversed by the bank, or not decided yet. */
export type TransferStatus = 'paid' | 'failed' | 'reversed' | 'pending';
export type TransferState = { status: TransferStatus; transferCode: string | null; amount: number };

/** `reason` for the log; `plain` for an operator's screen: a sentence that names no key, address or host. */
export type Readiness = { state: 'ready' | 'key_refused' | 'unreachable'; reason: string; plain: string };

/** Takes card and bank-transfer payments and returns them (live mode's; test mode pays on our own checkout). */
export interface Acquirer {
  readonly name: Exclude<ProviderName, 'sandbox'>;
  /** Starts a charge under our provider reference; the customer pays at the answer's URL. `mark` (our transaction's id) comes back on verifyCharge. */
  startCharge(input: { email: string; amount: number; reference: string; callbackUrl: string; mark: string; metadata: Record<string, unknown> }): Promise<{ authorizationUrl: string }>;
  /** What the provider says about the charge with our reference now. */
  verifyCharge(reference: string): Promise<ChargeCheck>;
  /** Asks for `amount` kobo of a charge back, noted with `note` so that it can be found again (findRefund) when this answer is lost. */
  refund(reference: string, amount: number, note: string): Promise<{ refundId: string } | Refusal>;
  /** A refund's status now, or null when the provider has no such refund. */
  refundStatus(refundId: string): Promise<RefundStatus | null>;
  /** The refund of charge `chargeId` (ChargeCheck.providerId) noted `note`, made between `from` and `to`; `beyond-bound` when the window is too large to read. */
  findRefund(input: { chargeId: string; note: string; from: Date; to: Date }): Promise<{ refundId: string; status: RefundStatus } | 'absent' | 'beyond-bound'>;
  /** Whether the provider accepts our key and answers, asked now (moves nothing). */
  readiness(timeoutMs?: number): Promise<Readiness>;
}

/** Pays money out to bank accounts. */
export interface TransferProvider {
  readonly name: Exclude<ProviderName, 'sandbox'>;
  /** The provider's code for a Nigerian bank account, or its refusal. */
  createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<{ recipientCode: string } | Refusal>;
  /** Sends `amount` kobo to a recipient under our reference (a reference is taken once). */
  transfer(input: { amount: number; recipientCode: string; reference: string; reason: string }): Promise<TransferState | Refusal>;
  /** The transfer with our reference now, or null when the provider has none. */
  verifyTransfer(reference: string): Promise<TransferState | null>;
}

/**
 * An inbound webhook as our own action. `key` makes a repeated delivery apply once (the provider's id for the
 * event's object, else our reference there); `type` is the provider's name for it, kept as it came for the record.
 */
export type InboundEvent =
  | { action: 'charge.paid'; key: string; type: string; reference: string }
  | { action: 'transfer.paid' | 'transfer.failed' | 'transfer.reversed'; key: string; type: string; reference: string }
  | {
      action: 'refund.updated';
      type: string;
      status: RefundStatus;
      /** Our provider reference of the refunded charge. */
      chargeReference: string;
      amount: number | null;
      refundId: string | null;
      note: string | null;
    }
  | { action: 'ignored'; type: string };

/** Reads one provider's webhooks: the signature checked on the raw bytes, then the body as an InboundEvent. */
export interface WebhookReader {
  readonly name: Exclude<ProviderName, 'sandbox'>;
  signatureValid(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** The body as our action, or null when it is not one of the provider's documented events. */
  read(rawBody: Buffer): InboundEvent | null;
}

/** What the registry builds from the configuration (providers/registry.ts). */
export type Providers = {
  /** Live mode's acquirer, when one is set up; without it live charges are refused. */
  acquirers: { live: Acquirer | null };
  /** Live payouts' provider, when one is set up; without it live balances wait. */
  transfers: TransferProvider | null;
  /** The bank directory: the built-in sandbox or a provider's. */
  banks: BankProvider;
  /** Readers of inbound webhooks, by the provider named in the webhook's address. */
  inbound: { paystack: WebhookReader | null };
  /** Market rates: the sandbox's or a market-data API's (RATE_PROVIDER). */
  rates: RateProvider;
};

/** One asset's price in US dollars as a rate provider gave it: USD for one whole unit, exact, and when the market gave it. */
export type UsdQuote = { asset: Exclude<AssetCode, 'USD'>; usd: Rational; observedAt: Date };

/**
 * Gives market rates (docs/decisions/0066-market-rates-and-crosses.md): every asset but USD itself priced in USD,
 * exactly (a provider's decimals are read as text, never as a JavaScript number). Failures are AppErrors
 * (BAD_GATEWAY, the reason in `cause` for the log), as for the payment providers.
 */
export interface RateProvider {
  readonly name: 'sandbox' | 'coingecko';
  /** The prices now; `now` is the caller's clock (the sandbox's prices are a function of it). */
  usdQuotes(now: Date): Promise<UsdQuote[]>;
}
