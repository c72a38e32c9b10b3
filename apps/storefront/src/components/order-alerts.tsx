import { useT } from '@storedesk/web/i18n';
import { usePush } from '@storedesk/web/use-push';
import { api } from '../lib/api.ts';

/**
 * "Tell me on this phone": asks the browser for notifications and registers this device for the
 * customer's order news (sent with their token, so the news of their orders reaches it).
 */
export function OrderAlerts() {
  const { supported, state, turnOn } = usePush(api, { check: false });
  const t = useT();
  if (!supported) return null;

  if (state === 'on') return <p className="hint">{t('alerts.on')}</p>;
  if (state === 'refused') return <p className="hint">{t('alerts.refused')}</p>;
  return (
    <p>
      <button
        type="button"
        className="text-button"
        disabled={state === 'working'}
        onClick={() => void turnOn()}
      >
        {t('alerts.turnOn')}
      </button>
      {state === 'failed' ? <span className="field-error"> {t('alerts.failed')}</span> : null}
    </p>
  );
}
