import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db/client';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { findOffer, OFFER_COLUMNS, toOffer, type Offer } from './offers';
import { marketRates } from '../rates/rates';
import { floatingPrice } from './trades';

type Scope = { companyId: string; livemode: boolean };

/** How many offers one business keeps per mode: a list to come back to, not a copy of the marketplace. */
export const MAX_FAVORITES = 200;

export const favoriteMessages = {
  ownOffer: 'This is your own offer: find it under My Offers.',
  tooMany: `You keep at most ${MAX_FAVORITES} favourite offers. Remove one first.`,
} as const;

/** Keeps another business's offer of the scope's mode among its favourites (saving it twice keeps one). */
export async function saveFavorite(db: Db, scope: Scope, offerId: string): Promise<Offer> {
  const offer = isUuid(offerId) ? await findOffer(db, scope.livemode, offerId) : undefined;
  if (!offer) throw new AppError('NOT_FOUND', 'Offer not found.');
  if (offer.companyId === scope.companyId) throw new AppError('CONFLICT', favoriteMessages.ownOffer);
  // The company's row lock first, then the count in a statement of its own (a snapshot taken after the lock), so two
  // saves at once cannot pass the cap.
  const rows = await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR NO KEY UPDATE', [scope.companyId]);
    const { rows: kept } = await tx.query<{ saved: boolean }>(
      `WITH saved AS (
         INSERT INTO offer_favorites (company_id, livemode, offer_id)
         SELECT $1::uuid, $2::boolean, $3::uuid WHERE (SELECT count(*) FROM offer_favorites WHERE company_id = $1 AND livemode = $2) < $4
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM saved) OR EXISTS (SELECT 1 FROM offer_favorites WHERE company_id = $1 AND livemode = $2 AND offer_id = $3) AS saved`,
      [scope.companyId, scope.livemode, offer.id, MAX_FAVORITES],
    );
    return kept;
  });
  if (!rows[0]!.saved) throw new AppError('CONFLICT', favoriteMessages.tooMany);
  return offer;
}

/** Takes an offer off the scope's favourites; one that was not there is not an error (the end state is the same). */
export async function removeFavorite(db: Queryable, scope: Scope, offerId: string): Promise<void> {
  if (!isUuid(offerId)) throw new AppError('NOT_FOUND', 'Offer not found.');
  await db.query('DELETE FROM offer_favorites WHERE company_id = $1 AND livemode = $2 AND offer_id = $3', [scope.companyId, scope.livemode, offerId]);
}

export type FavoriteListing = { offer: Offer; priceNow: bigint | null; vendor: { name: string; tag: string | null }; savedAt: string };

/**
 * The scope's favourite offers, newest first, with each vendor's name and tag and the price a trade would open at now
 * (null for a floating price while the market rate is stale).
 */
export async function listFavorites(ctx: AppContext, scope: Scope): Promise<FavoriteListing[]> {
  const { rows } = await ctx.db.query<Parameters<typeof toOffer>[0] & { vendor_name: string; vendor_tag: string | null; saved_at: Date }>(
    `SELECT ${OFFER_COLUMNS}, c.name AS vendor_name, (SELECT tag FROM fipay_tags WHERE company_id = c.id AND released_at IS NULL) AS vendor_tag, f.created_at AS saved_at
       FROM offer_favorites f JOIN offers o ON o.id = f.offer_id AND o.livemode = f.livemode JOIN companies c ON c.id = o.company_id
      WHERE f.company_id = $1 AND f.livemode = $2
      ORDER BY f.created_at DESC, o.id LIMIT $3`,
    [scope.companyId, scope.livemode, MAX_FAVORITES],
  );
  const offers = rows.map(toOffer);
  // The market read once for the whole page, and only when a floating price needs it.
  const rateOf = offers.some((offer) => offer.priceKind === 'floating') ? await marketRates(ctx) : null;
  const priceOf = (offer: Offer): bigint | null => {
    if (offer.priceKind === 'fixed') return offer.price!;
    try {
      return floatingPrice(offer, rateOf!(offer.asset, offer.fiat).rate);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_STALE') return null;
      throw error;
    }
  };
  return rows.map((row, i) => ({ offer: offers[i]!, priceNow: priceOf(offers[i]!), vendor: { name: row.vendor_name, tag: row.vendor_tag }, savedAt: row.saved_at.toISOString() }));
}
