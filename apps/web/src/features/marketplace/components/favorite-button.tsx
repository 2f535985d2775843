import StarIcon from 'lucide-react/icons/star';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';
import { useToggleFavorite } from '../api/marketplace';

/** The star that keeps an offer among the business's favourites, or takes it off; its state is announced as pressed. */
export function FavoriteButton({ offerId, favorite }: { offerId: string; favorite: boolean }) {
  const toggle = useToggleFavorite();
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? 'Remove from favourite offers' : 'Save to favourite offers'}
      title={favorite ? 'Remove from favourite offers' : 'Save to favourite offers'}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { id: offerId, favorite: !favorite },
          { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(errorMessage(error, 'The favourite was not changed.')) },
        )
      }
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-amber-500 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
    >
      <StarIcon aria-hidden="true" className={`h-5 w-5 ${favorite ? 'fill-amber-400 text-amber-500' : ''}`} />
    </button>
  );
}
