import { useT } from '@storedesk/web/i18n';
import { usePush } from '@storedesk/web/use-push';
import { api } from '../lib/api.ts';

/** "Notify me of new orders": a new assignment rings this phone even when the app is closed. */
export function PushButton() {
  const { supported, state, turnOn, turnOff } = usePush(api, { check: true });
  const t = useT();
  if (!supported || state === 'checking') return null;

  if (state === 'refused') return <p className="hint">{t('push.blocked')}</p>;
  if (state === 'on')
    return (
      <p className="hint">
        {t('push.on')}{' '}
        <button type="button" className="text-button inline" onClick={() => void turnOff()}>
          {t('push.stop')}
        </button>
      </p>
    );
  return (
    <p>
      <button
        type="button"
        className="button secondary"
        disabled={state === 'working'}
        onClick={() => void turnOn()}
      >
        {t('push.turnOn')}
      </button>
      {state === 'failed' ? (
        <span className="field-error" role="alert">
          {' '}
          {t('push.failed')}
        </span>
      ) : null}
    </p>
  );
}
