/**
 * Nigerian banks for the sandbox bank directory.
 *
 * Sources: the 3-digit CBN bank codes and 6-digit NIP institution codes come
 * from public bank-code lists (the CBN NUBAN proposal v0.4 and public NIP code
 * tables); the four fintech/microfinance rows carry the codes used by the
 * Paystack bank list (a secondary source). A live provider (Paystack) returns its
 * own list; this one is the seed for the sandbox.
 */
export type SeedBank = {
  name: string;
  /** The 3-digit CBN code of a deposit money bank; its accounts are NUBANs. */
  cbnCode?: string;
  /** Where a bank has no CBN code: the code the Paystack bank list uses for it. */
  paystackCode?: string;
  /** The 6-digit NIBSS Instant Payment institution code. */
  nipCode: string;
};

export const ngBanks: readonly SeedBank[] = [
  { name: 'Access Bank', cbnCode: '044', nipCode: '000014' },
  { name: 'Access Bank (Diamond)', cbnCode: '063', nipCode: '000005' },
  { name: 'Citibank Nigeria', cbnCode: '023', nipCode: '000009' },
  { name: 'Ecobank Nigeria', cbnCode: '050', nipCode: '000010' },
  { name: 'Fidelity Bank', cbnCode: '070', nipCode: '000007' },
  { name: 'First Bank of Nigeria', cbnCode: '011', nipCode: '000016' },
  { name: 'First City Monument Bank', cbnCode: '214', nipCode: '000003' },
  { name: 'Globus Bank', cbnCode: '103', nipCode: '000027' },
  { name: 'Guaranty Trust Bank', cbnCode: '058', nipCode: '000013' },
  { name: 'Jaiz Bank', cbnCode: '301', nipCode: '000006' },
  { name: 'Keystone Bank', cbnCode: '082', nipCode: '000002' },
  { name: 'Polaris Bank', cbnCode: '076', nipCode: '000008' },
  { name: 'Providus Bank', cbnCode: '101', nipCode: '000023' },
  { name: 'Stanbic IBTC Bank', cbnCode: '221', nipCode: '000012' },
  { name: 'Standard Chartered Bank', cbnCode: '068', nipCode: '000021' },
  { name: 'Sterling Bank', cbnCode: '232', nipCode: '000001' },
  { name: 'Titan Trust Bank', cbnCode: '102', nipCode: '000025' },
  { name: 'Union Bank of Nigeria', cbnCode: '032', nipCode: '000018' },
  { name: 'United Bank For Africa', cbnCode: '033', nipCode: '000004' },
  { name: 'Unity Bank', cbnCode: '215', nipCode: '000011' },
  { name: 'Wema Bank', cbnCode: '035', nipCode: '000017' },
  { name: 'Zenith Bank', cbnCode: '057', nipCode: '000015' },
  { name: 'Kuda Microfinance Bank', paystackCode: '50211', nipCode: '090267' },
  { name: 'Moniepoint Microfinance Bank', paystackCode: '50515', nipCode: '090405' },
  { name: 'OPay', paystackCode: '999992', nipCode: '100004' },
  { name: 'PalmPay', paystackCode: '999991', nipCode: '100033' },
];

/** Codes whose accounts follow the CBN NUBAN standard, so the check digit applies. */
export const nubanBankCodes: ReadonlySet<string> = new Set(
  ngBanks.flatMap((bank) => (bank.cbnCode ? [bank.cbnCode] : [])),
);
