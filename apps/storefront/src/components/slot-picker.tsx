import type { Slot } from '@storedesk/shared/stores/slots';
import type { ApiError } from '@storedesk/web/api';
import { useT } from '@storedesk/web/i18n';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { useTimeFormat } from '@storedesk/web/times';
import { placesShown, slotDays } from '../lib/slots.ts';

export type When = 'asap' | 'slot';

/** The store's slots as the cart has them: the list once read, or why it could not be. */
export type SlotList = { items: Slot[] | undefined; error: ApiError | null; reload: () => void };

/**
 * The slots by day ("Today", "Tomorrow", "Thu 03/12", in the language shown), each a radio with its times; a full one
 * cannot be chosen and says so, one with few places says how many. One radio group for all days
 * (the arrow keys walk through them, past the full ones), each day a group of its own inside it.
 */
function SlotChoice({
  slots,
  chosen,
  onChoose,
  problem,
  timeZone,
}: {
  slots: SlotList;
  chosen: string | null;
  onChoose: (slotId: string) => void;
  problem: string | null;
  timeZone: string;
}) {
  const t = useT();
  const { clock, weekdayDate } = useTimeFormat();
  const items = slots.items;
  return (
    <fieldset className="slot-choice" aria-describedby={problem ? 'slot-problem' : undefined}>
      <legend className="slot-legend">{t('slots.slot')}</legend>
      {problem ? (
        <p id="slot-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {items === undefined ? (
        slots.error ? (
          <ErrorPanel error={slots.error} onRetry={slots.reload} />
        ) : (
          <Spinner label={t('slots.loading')} />
        )
      ) : items.length === 0 ? (
        <p className="muted">{t('slots.none')}</p>
      ) : (
        slotDays(items, timeZone).map((day) => (
          <div key={day.day} className="slot-day" role="group" aria-labelledby={`slot-day-${day.day}`}>
            <p id={`slot-day-${day.day}`} className="slot-day-name">
              {day.when === 'later'
                ? weekdayDate(day.slots[0]!.startsAt, timeZone)
                : t(day.when === 'today' ? 'slots.today' : 'slots.tomorrow')}
            </p>
            <div className="slots">
              {day.slots.map((slot) => {
                const places = placesShown(slot);
                return (
                  <label key={slot.id} className="slot">
                    <input
                      type="radio"
                      className="visually-hidden"
                      name="slot"
                      value={slot.id}
                      checked={chosen === slot.id}
                      disabled={slot.available <= 0}
                      onChange={() => onChoose(slot.id)}
                    />
                    <span className="slot-chip">
                      {/* On a narrow phone the end goes under the start, never "PM" alone. */}
                      <span className="slot-times">
                        <span>{clock(slot.startsAt, timeZone)} –</span>{' '}
                        <span>{clock(slot.endsAt, timeZone)}</span>
                      </span>{' '}
                      {places === null ? null : (
                        <span className="slot-places">{t('slots.places', { count: places })}</span>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
          </div>
        ))
      )}
    </fieldset>
  );
}

/**
 * When to deliver, for a store that delivers in slots (B19): as soon as possible (while the store
 * is open now) or a slot; a store closed now takes a slot only, and says so.
 */
export function SlotPicker({
  openNow,
  when,
  onWhen,
  slots,
  chosen,
  onChoose,
  problem,
  timeZone,
}: {
  openNow: boolean;
  when: When;
  onWhen: (when: When) => void;
  slots: SlotList;
  chosen: string | null;
  onChoose: (slotId: string) => void;
  /** Why the slot chosen was refused (full, no longer offered), said beside the choice. */
  problem: string | null;
  timeZone: string;
}) {
  const t = useT();
  return (
    <section id="delivery-when" className="panel when" aria-label={t('slots.whenToDeliver')}>
      {openNow ? (
        <fieldset>
          <legend className="section-title">{t('slots.when')}</legend>
          {(
            [
              ['asap', t('slots.asap')],
              ['slot', t('slots.schedule')],
            ] as const
          ).map(([choice, label]) => (
            <label key={choice} className="choice tall">
              <input
                type="radio"
                name="when"
                value={choice}
                checked={when === choice}
                onChange={() => onWhen(choice)}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          <h2 className="section-title">{t('slots.when')}</h2>
          <p className="notice inline">{t('slots.closedNow')}</p>
        </>
      )}
      {when === 'slot' ? (
        <SlotChoice slots={slots} chosen={chosen} onChoose={onChoose} problem={problem} timeZone={timeZone} />
      ) : null}
    </section>
  );
}
