import { representativeRecord, type RepresentativeRecord } from '@fipay/contracts/company';
import { kybMessages, representativeInput, type RepresentativeInput } from '@fipay/contracts/kyb';
import { z } from 'zod';

export const representativeFields = ['position', 'fullName', 'email', 'phone', 'idType', 'idNumber'] as const;
export type RepresentativeField = (typeof representativeFields)[number];

export function emptyCard(): RepresentativeCard {
  return { saved: null, status: 'new', position: '', fullName: '', email: '', phone: '', idType: '', idNumber: '' };
}

/**
 * The server answers with the ID number masked, so a saved card starts with the ID field empty:
 * sending the mask back would replace the real number with it.
 */
export function cardFromRecord(record: RepresentativeRecord): RepresentativeCard {
  return {
    saved: record,
    status: 'saved',
    position: record.position,
    fullName: record.fullName,
    email: record.email,
    phone: record.phone,
    idType: record.idType,
    idNumber: '',
  };
}

export const needsSaving = (card: RepresentativeCard) => card.status !== 'saved';

/** What the request carries for a card: the values as typed (the server reads them with its own schema). */
export function inputFromCard(card: RepresentativeCard): RepresentativeInput {
  return Object.fromEntries(representativeFields.map((field) => [field, card[field]])) as RepresentativeInput;
}

const emailOf = (card: { email: string }) => card.email.trim().toLowerCase();

const savedRecord = z.custom<RepresentativeRecord>();
/** The six typed fields, as a pick mask. */
const typedFields = Object.fromEntries(representativeFields.map((field) => [field, true])) as { [K in RepresentativeField]: true };

/**
 * The step's cards: what the user typed, the server's record once saved, and whether the card is
 * to be sent: a new one, or a saved one the user changed ('edited'). Those are checked with the
 * server's schema; unchanged saved ones are not sent again. One email per representative across
 * every card, saved ones included, since saving upserts by email.
 */
export const representativesFormSchema = z
  .object({
    representatives: z.array(
      z.discriminatedUnion('status', [
        representativeRecord.pick(typedFields).extend({ status: z.literal('saved'), saved: savedRecord }),
        representativeInput.extend({ status: z.enum(['new', 'edited']), saved: savedRecord.nullable() }),
      ]),
    ),
  })
  .superRefine(({ representatives: cards }, ctx) => {
    cards.forEach((card, index) => {
      if (card.status === 'saved' || emailOf(card) === '') return;
      if (cards.filter((other) => emailOf(other) === emailOf(card)).length > 1) {
        ctx.addIssue({ code: 'custom', path: ['representatives', index, 'email'], message: kybMessages.representativeDuplicate });
      }
    });
  });
export type RepresentativesForm = z.input<typeof representativesFormSchema>;
export type RepresentativesFields = z.output<typeof representativesFormSchema>;
export type RepresentativeCard = RepresentativesForm['representatives'][number];

/**
 * Where the refusal's field errors go: the request names a representative by its index in what was
 * sent ('0.email'), the form by the card's index (`sent` lists the cards' indexes in sending order).
 */
export function serverErrorFields(sent: number[]) {
  return Object.fromEntries(
    sent.flatMap((cardIndex, index) =>
      representativeFields.map((field) => [`${index}.${field}`, `representatives.${cardIndex}.${field}`] as const),
    ),
  ) as Record<string, `representatives.${number}.${RepresentativeField}`>;
}
