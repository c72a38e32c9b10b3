import { usePush } from '@storedesk/web/use-push';
import { api } from '../lib/api.ts';

/**
 * "Tell me on this phone": asks the browser for notifications and registers this device for the
 * customer's order news (sent with their token, so the news of their orders reaches it).
 */
export function OrderAlerts() {
  const { supported, state, turnOn } = usePush(api, { check: false });
  if (!supported) return null;

  if (state === 'on') return <p className="hint">This phone will tell you when your order moves.</p>;
  if (state === 'refused')
    return <p className="hint">Notifications are off for this site: this page still updates by itself.</p>;
  return (
    <p>
      <button
        type="button"
        className="text-button"
        disabled={state === 'working'}
        onClick={() => void turnOn()}
      >
        Notify me on this phone
      </button>
      {state === 'failed' ? (
        <span className="field-error"> Could not turn notifications on. Try again.</span>
      ) : null}
    </p>
  );
}
