import { ratingCommentMax as commentMax } from '@storedesk/shared/storefront/rating-rules';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { useFormat, useT } from '@storedesk/web/i18n';
import { FormAlert } from '@storedesk/web/states';
import { useTexts } from '@storedesk/web/texts';
import { useEffect, useRef, useState, type Ref } from 'react';
import { api } from '../lib/api.ts';
import { useStillAhead } from '../lib/still-ahead.ts';

type Rating = NonNullable<CustomerOrder['rating']>;

const starCounts = [1, 2, 3, 4, 5] as const;

/** A comment is one line: line breaks and tabs, typed or pasted, become spaces. */
const oneLine = (text: string) => text.replace(/[\r\n\t]/g, ' ');

/** What the page is asked to do with focus when the panel's view changes. */
type Focus = 'thanks' | 'change' | 'stars' | null;

/** The stars given, drawn (five, the given ones filled) and said ("4 of 5 stars", or the executive's "The delivery: 5 of 5 stars"). */
function StarsGiven({ stars, executive = false }: { stars: number; executive?: boolean }) {
  const t = useT();
  return (
    <p className="rating-given">
      <span className="stars-drawn" aria-hidden="true">
        <span className="on">{'★'.repeat(stars)}</span>
        {'☆'.repeat(5 - stars)}
      </span>{' '}
      <span>{t(executive ? 'rating.executiveGiven' : 'rating.given', { stars })}</span>
    </p>
  );
}

/**
 * One row of five stars as a radio group in its fieldset (arrow keys move along it), with the
 * error under it: the order's, and the executive's (ADR 0084).
 */
function StarRow({
  name,
  legend,
  stars,
  error,
  rowRef,
  onChoose,
  clear,
}: {
  /** The radios' name, and the start of the error's id. */
  name: string;
  legend: string;
  stars: number | null;
  error: string | null;
  rowRef?: Ref<HTMLDivElement>;
  onChoose: (stars: number) => void;
  /** For optional stars: the button that takes them back once chosen, and what it says. */
  clear?: { label: string; onClear: () => void };
}) {
  const t = useT();
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-field" aria-describedby={error ? errorId : undefined}>
      <legend className="star-legend">{legend}</legend>
      <div className="star-row" ref={rowRef}>
        {starCounts.map((count) => (
          <label key={count} className="star">
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={count}
              checked={stars === count}
              aria-invalid={error ? true : undefined}
              onChange={() => onChoose(count)}
            />
            <span
              className={stars !== null && count <= stars ? 'star-face on' : 'star-face'}
              aria-hidden="true"
            >
              {stars !== null && count <= stars ? '★' : '☆'}
            </span>
            <span className="visually-hidden">{t('rating.stars', { stars: count })}</span>
          </label>
        ))}
      </div>
      {clear && stars !== null ? (
        <button
          type="button"
          className="text-button"
          onClick={(event) => {
            clear.onClear();
            // The button goes with the stars: the focus goes back to the row, on its first star.
            event.currentTarget
              .closest('fieldset')
              ?.querySelector<HTMLInputElement>('input[type="radio"]')
              ?.focus();
          }}
        >
          {clear.label}
        </button>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The rating form: the stars as a radio group (arrow keys move along it), the comment with its
 * count, and Send. Field refusals show under their field, a network failure offers Try again; a
 * refusal of the rating itself (409) goes to the panel, which reads the order again.
 */
function RatingForm({
  order,
  focusStars,
  onRated,
  onRefused,
  onKeep,
}: {
  order: CustomerOrder;
  /** Opened by Change: focus goes to the stars chosen. */
  focusStars: boolean;
  onRated: (order: CustomerOrder) => void;
  /** The server's refusal (409), or null when sending again. */
  onRefused: (message: string | null) => void;
  /** Changing a rating: back to it as it is, unchanged. */
  onKeep?: () => void;
}) {
  const t = useT();
  const texts = useTexts();
  const [stars, setStars] = useState<number | null>(order.rating?.stars ?? null);
  // The executive who delivered it, rated too if the customer likes (ADR 0084).
  const [executiveStars, setExecutiveStars] = useState<number | null>(order.rating?.executiveStars ?? null);
  const [comment, setComment] = useState(order.rating?.comment ?? '');
  const [starsError, setStarsError] = useState<string | null>(null);
  const [executiveStarsError, setExecutiveStarsError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // Set at once (busy disables the button only once React has drawn it): a second press sends nothing.
  const sending = useRef(false);
  const starsRow = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusStars) return;
    const radios = starsRow.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const checked = Array.from(radios ?? []).find((radio) => radio.checked) ?? radios?.[0];
    checked?.focus();
  }, [focusStars]);

  const send = async (given: number) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    setStarsError(null);
    setExecutiveStarsError(null);
    setCommentError(null);
    onRefused(null);
    try {
      // A blank comment is none: sent without one. The server trims what is sent. The executive's
      // stars go only when given, and only for an order an executive delivered.
      const body = {
        stars: given,
        ...(comment.trim() === '' ? {} : { comment }),
        ...(order.deliveredBy && executiveStars !== null ? { executiveStars } : {}),
      };
      onRated(await api<CustomerOrder>('PUT', `/orders/${order.id}/rating`, body));
    } catch (error) {
      const refusal = asApiError(error);
      const fields = refusal.status === 400 ? refusal.fields : undefined;
      if (fields?.stars || fields?.comment || fields?.executiveStars) {
        setStarsError(fields.stars ?? null);
        setExecutiveStarsError(fields.executiveStars ?? null);
        setCommentError(fields.comment ?? null);
      } else if (refusal.status === 409) {
        onRefused(refusal.message);
      } else {
        setFailure(refusal);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const offline = failure?.status === 0;
  const commentDescribedBy = ['rating-comment-count', commentError ? 'rating-comment-error' : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      aria-label={t('rating.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (stars === null) setStarsError(t('rating.chooseStars'));
        else void send(stars);
      }}
    >
      <fieldset disabled={busy}>
        <StarRow
          name="rating-stars"
          legend={t('rating.howMany')}
          stars={stars}
          error={starsError}
          rowRef={starsRow}
          onChoose={(count) => {
            setStars(count);
            setStarsError(null);
          }}
        />
        {order.deliveredBy ? (
          <StarRow
            name="rating-executive-stars"
            legend={
              order.deliveredBy.firstName
                ? t('rating.rateExecutive', { name: order.deliveredBy.firstName })
                : t('rating.rateDelivery')
            }
            stars={executiveStars}
            error={executiveStarsError}
            onChoose={(count) => {
              setExecutiveStars(count);
              setExecutiveStarsError(null);
            }}
            clear={{
              label: order.deliveredBy.firstName
                ? t('rating.noExecutiveRating', { name: order.deliveredBy.firstName })
                : t('rating.noDeliveryRating'),
              onClear: () => {
                setExecutiveStars(null);
                setExecutiveStarsError(null);
              },
            }}
          />
        ) : null}
        <label htmlFor="rating-comment">{t('rating.comment')}</label>
        <textarea
          id="rating-comment"
          className="rating-comment-field"
          rows={3}
          maxLength={commentMax}
          value={comment}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentDescribedBy}
          onChange={(event) => {
            setComment(oneLine(event.target.value));
            setCommentError(null);
          }}
        />
        <p id="rating-comment-count" className="hint counter">
          {t('rating.count', { count: comment.length, max: commentMax })}
        </p>
        {commentError ? (
          <p id="rating-comment-error" className="field-error" role="alert">
            {commentError}
          </p>
        ) : null}
      </fieldset>
      <FormAlert message={offline ? t('rating.offline') : failure ? texts.error(failure) : null} />
      <button type="submit" className="button block" disabled={busy}>
        {busy ? t('rating.sending') : offline ? texts.text('web.tryAgain') : t('rating.send')}
      </button>
      {onKeep ? (
        <button type="button" className="text-button" disabled={busy} onClick={onKeep}>
          {t('rating.keep')}
        </button>
      ) : null}
    </form>
  );
}

/** The rating given, with thanks, and Change while it may still be changed. */
function RatingGiven({
  rating,
  until,
  timeZone,
  focus,
  onChange,
}: {
  rating: Rating;
  /** Until when it may be changed; null when it may not be. */
  until: string | null;
  timeZone: string;
  focus: Focus;
  onChange: () => void;
}) {
  const t = useT();
  const { dateTime } = useFormat();
  const thanks = useRef<HTMLParagraphElement>(null);
  const change = useRef<HTMLButtonElement>(null);
  // The form the customer sent (or left) is gone: their focus goes to what replaced it.
  useEffect(() => {
    if (focus === 'thanks') thanks.current?.focus();
    if (focus === 'change') change.current?.focus();
  }, [focus]);
  return (
    <>
      <p ref={thanks} className="rating-thanks" role="status" tabIndex={-1}>
        {t('rating.thanks')}
      </p>
      <StarsGiven stars={rating.stars} />
      {rating.executiveStars !== null ? <StarsGiven stars={rating.executiveStars} executive /> : null}
      {rating.comment ? <p className="rating-comment">“{rating.comment}”</p> : null}
      {until ? (
        <>
          <p className="muted small">{t('rating.changeUntil', { time: dateTime(until, timeZone) })}</p>
          <button ref={change} type="button" className="button secondary" onClick={onChange}>
            {t('rating.change')}
          </button>
        </>
      ) : null}
    </>
  );
}

/**
 * Rating the order after delivery (B19): while it may be rated (`ratingUntil`), the form, or the
 * rating given with thanks and Change; once it may not, the rating read-only, or nothing. What
 * the server answers is the order as it is now (`onChanged`); a refusal (too late, say) is shown
 * here while the page reads the order again (`onRefresh`).
 */
export function RatingPanel({
  order,
  timeZone,
  onChanged,
  onRefresh,
}: {
  order: CustomerOrder;
  timeZone: string;
  onChanged: (order: CustomerOrder) => void;
  onRefresh: () => void;
}) {
  const t = useT();
  const { dateTime } = useFormat();
  const ahead = useStillAhead(order.ratingUntil);
  const until = ahead ? order.ratingUntil : null;
  const rating = order.rating;
  const [changing, setChanging] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const form = until !== null && (rating === null || changing);
  if (!form && rating === null && refused === null) return null;
  return (
    <section className="panel rating" aria-labelledby="rating-title">
      <h2 id="rating-title" className="section-title">
        {t(form || rating === null ? 'rating.form' : 'rating.yours')}
      </h2>
      {form ? (
        <>
          {rating === null ? (
            <p>{t('rating.intro', { store: order.storeName, time: dateTime(until, timeZone) })}</p>
          ) : null}
          <RatingForm
            order={order}
            focusStars={focus === 'stars'}
            onRated={(rated) => {
              setChanging(false);
              setFocus('thanks');
              onChanged(rated);
            }}
            onRefused={(message) => {
              setRefused(message);
              if (message !== null) onRefresh();
            }}
            onKeep={
              rating
                ? () => {
                    setChanging(false);
                    setFocus('change');
                  }
                : undefined
            }
          />
        </>
      ) : rating ? (
        <RatingGiven
          rating={rating}
          until={until}
          timeZone={timeZone}
          focus={focus}
          onChange={() => {
            setRefused(null);
            setChanging(true);
            setFocus('stars');
          }}
        />
      ) : null}
      <FormAlert message={refused} />
    </section>
  );
}
