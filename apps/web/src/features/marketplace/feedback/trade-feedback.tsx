import { FEEDBACK_COMMENT_MAX, type Feedback, type FeedbackRating } from '@fipay/contracts/reputation';
import ThumbsDownIcon from 'lucide-react/icons/thumbs-down';
import ThumbsUpIcon from 'lucide-react/icons/thumbs-up';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useLeaveFeedback, useTradeFeedback } from '../api/reputation';

function Rating({ rating }: { rating: FeedbackRating }) {
  const Icon = rating === 'positive' ? ThumbsUpIcon : ThumbsDownIcon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${rating === 'positive' ? 'bg-emerald-50 text-emerald-700' : 'bg-red-50 text-red-700'}`}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {rating === 'positive' ? 'Positive' : 'Negative'}
    </span>
  );
}

function Shown({ who, feedback }: { who: string; feedback: Feedback }) {
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
        {who} <Rating rating={feedback.rating} />
      </p>
      {feedback.comment ? <p className="text-sm break-words text-slate-600">{feedback.comment}</p> : null}
    </div>
  );
}

/**
 * A trade's feedback, for the trade page: the other side's, and yours, which you can leave once the trade is
 * completed or resolved and change while its editing window runs (docs/decisions/0087-marketplace-reputation.md).
 */
export function TradeFeedback({ tradeId }: { tradeId: string }) {
  const feedback = useTradeFeedback(tradeId);
  return (
    <section aria-labelledby={`feedback-${tradeId}`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`feedback-${tradeId}`} className="text-base font-semibold text-slate-900">
        Feedback
      </h2>
      <QueryState query={feedback} loading="Loading the feedback…" failure="The feedback could not be loaded.">
        {(data) => (
          <div className="space-y-4">
            {data.theirs ? <Shown who="Your trade partner left" feedback={data.theirs} /> : <p className="text-sm text-slate-600">Your trade partner has not left feedback yet.</p>}
            {data.canLeave ? (
              <FeedbackForm tradeId={tradeId} mine={data.mine} />
            ) : data.mine ? (
              <Shown who="You left" feedback={data.mine} />
            ) : (
              <p className="text-sm text-slate-600">You can leave feedback once the trade is completed.</p>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function FeedbackForm({ tradeId, mine }: { tradeId: string; mine: Feedback | null }) {
  const leave = useLeaveFeedback(tradeId);
  const [rating, setRating] = useState<FeedbackRating | null>(mine?.rating ?? null);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setProblem('Choose positive or negative.');
      return;
    }
    setProblem(null);
    leave.mutate(
      { rating, comment },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => setProblem(errorMessage(error, 'Your feedback could not be saved.')) },
    );
  };

  const choice = (value: FeedbackRating, label: string, Icon: typeof ThumbsUpIcon) => (
    <button
      type="button"
      aria-pressed={rating === value}
      onClick={() => setRating(value)}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700 ${
        rating === value ? (value === 'positive' ? 'border-emerald-600 bg-emerald-50 text-emerald-800' : 'border-red-600 bg-red-50 text-red-800') : 'border-slate-300 text-slate-700 hover:bg-slate-50'
      }`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </button>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{mine ? 'Your feedback' : 'How was this trade?'}</legend>
        <div className="flex flex-wrap gap-2">
          {choice('positive', 'Positive', ThumbsUpIcon)}
          {choice('negative', 'Negative', ThumbsDownIcon)}
        </div>
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`feedback-comment-${tradeId}`} className="text-sm font-medium text-slate-700">
          Comment (optional)
        </label>
        <textarea
          id={`feedback-comment-${tradeId}`}
          value={comment}
          maxLength={FEEDBACK_COMMENT_MAX}
          rows={3}
          onChange={(event) => setComment(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none"
        />
        <p className="text-xs text-slate-500">
          {comment.length}/{FEEDBACK_COMMENT_MAX}
          {mine ? ` · You can change it until ${formatDateTime(mine.editableUntil)}.` : ''}
        </p>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button type="submit" disabled={leave.isPending}>
        {mine ? 'Update feedback' : 'Leave feedback'}
      </Button>
    </form>
  );
}
