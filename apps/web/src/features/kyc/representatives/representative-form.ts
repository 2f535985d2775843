import type { RepresentativeRecord } from '@fipay/contracts/company';
import { kybMessages, representativeInput, type RepresentativeInput } from '@fipay/contracts/kyb';

export const representativeFields = ['position', 'fullName', 'email', 'phone', 'idType', 'idNumber'] as const;
export type RepresentativeField = (typeof representativeFields)[number];
export type RepresentativeValues = Record<RepresentativeField, string>;
export type RepresentativeErrors = Partial<Record<RepresentativeField, string>>;

/** One card of the step: what the user typed, and the server's record once it is saved. */
export type RepresentativeCard = RepresentativeValues & {
  key: string;
  saved: RepresentativeRecord | null;
  /** A saved representative the user changed since; unchanged ones are not sent again. */
  edited: boolean;
};

let lastKey = 0;
const nextKey = () => `representative-${++lastKey}`;

export function emptyCard(): RepresentativeCard {
  return { key: nextKey(), saved: null, edited: false, position: '', fullName: '', email: '', phone: '', idType: '', idNumber: '' };
}

/**
 * The server answers with the ID number masked, so a saved card starts with the ID field empty:
 * sending the mask back would replace the real number with it.
 */
export function cardFromRecord(record: RepresentativeRecord): RepresentativeCard {
  return {
    key: nextKey(),
    saved: record,
    edited: false,
    position: record.position,
    fullName: record.fullName,
    email: record.email,
    phone: record.phone,
    idType: record.idType,
    idNumber: '',
  };
}

export const needsSaving = (card: RepresentativeCard) => !card.saved || card.edited;

/**
 * Checks the cards to send with the same schema the server uses, plus one email per
 * representative across every card (saved ones included, since saving upserts by email).
 */
export function validateCards(cards: RepresentativeCard[]) {
  const errors: Record<string, RepresentativeErrors> = {};
  const toSend: { key: string; input: RepresentativeInput }[] = [];
  const emailOf = (card: RepresentativeCard) => card.email.trim().toLowerCase();
  const emailCounts = new Map<string, number>();
  for (const card of cards) emailCounts.set(emailOf(card), (emailCounts.get(emailOf(card)) ?? 0) + 1);
  for (const card of cards) {
    if (!needsSaving(card)) continue;
    const duplicate = emailOf(card) !== '' && (emailCounts.get(emailOf(card)) ?? 0) > 1;
    const cardErrors: RepresentativeErrors = {};
    const values: RepresentativeInput = {
      position: card.position,
      fullName: card.fullName,
      email: card.email,
      phone: card.phone,
      idType: card.idType,
      idNumber: card.idNumber,
    };
    const parsed = representativeInput.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as RepresentativeField;
        cardErrors[field] ??= issue.message;
      }
    }
    if (duplicate) cardErrors.email ??= kybMessages.representativeDuplicate;
    if (Object.keys(cardErrors).length > 0) errors[card.key] = cardErrors;
    else toSend.push({ key: card.key, input: values });
  }
  return { errors, toSend };
}

/** Server field errors name the array item by index ('0.email'); map them back to the cards that were sent. */
export function errorsByCard(fieldErrors: Record<string, string>, sentKeys: string[]) {
  const errors: Record<string, RepresentativeErrors> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const [index, field] = path.split('.');
    const key = sentKeys[Number(index)];
    if (!key || !field || !(representativeFields as readonly string[]).includes(field)) continue;
    errors[key] = { ...errors[key], [field]: message };
  }
  return errors;
}
