import { useState } from 'react';
import type { Duty } from '@storedesk/shared/delivery/schemas';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { api } from '../lib/api.ts';
import { refreshOrders } from '../lib/orders.ts';
import { updateSession } from '../lib/session.ts';

/**
 * The big On duty / Off duty switch of the header: staff see who is on duty, orders go to them,
 * and their position is shared only then (B13).
 */
export function DutySwitch({ onDuty }: { onDuty: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const t = useT();
  const texts = useTexts();

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const duty = await api<Duty>('PUT', '/duty', { onDuty: !onDuty });
      updateSession({ onDuty: duty.onDuty });
      void refreshOrders();
    } catch (failure) {
      setError(asApiError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="duty">
      <button
        type="button"
        role="switch"
        aria-checked={onDuty}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        aria-describedby={error ? 'duty-error' : undefined}
        className={`duty-switch${onDuty ? ' on' : ''}`}
        onClick={() => void toggle()}
      >
        <span className="duty-track" aria-hidden="true">
          <span className="duty-thumb" />
        </span>
        <span>{t(onDuty ? 'duty.on' : 'duty.off')}</span>
      </button>
      {error ? (
        <p id="duty-error" className="duty-error" role="alert">
          {texts.error(error)}
        </p>
      ) : null}
    </div>
  );
}
