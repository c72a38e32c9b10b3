import type { Checkout, CheckoutAnswer as VerifyBody } from '@storedesk/shared/payments/online';
import { checkoutUnavailable } from './checkout-failure.ts';

/** What the gateway's checkout answers when the customer has paid. */
export type CheckoutAnswer = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

/** The checkout's answer as the server's verify routes take it (the order's payment, a tip). */
export function verifyBody(answer: CheckoutAnswer): VerifyBody {
  return {
    paymentId: answer.razorpay_payment_id,
    gatewayOrderId: answer.razorpay_order_id,
    signature: answer.razorpay_signature,
  };
}

type CheckoutWidget = { open: () => void };
type CheckoutConstructor = new (options: {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill?: { name?: string; contact?: string };
  theme?: { color?: string };
  handler: (answer: CheckoutAnswer) => void;
  modal?: { ondismiss?: () => void };
}) => CheckoutWidget;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const loading = new Map<string, Promise<CheckoutConstructor>>();

/** The checkout's page could not be loaded: the app says so in the language shown (checkout-failure.ts). */
function unavailable(): Error {
  const error = new Error('The payment page could not be loaded: check your connection and try again');
  error.name = checkoutUnavailable;
  return error;
}

/** Loads the gateway's checkout script once (the server's page allows its origin, ADR 0072). */
function loadScript(url: string): Promise<CheckoutConstructor> {
  let loaded = loading.get(url);
  if (!loaded) {
    loaded = new Promise<CheckoutConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(unavailable()));
      script.onerror = () => {
        loading.delete(url);
        script.remove();
        reject(unavailable());
      };
      document.head.append(script);
    });
    loading.set(url, loaded);
  }
  return loaded;
}

/**
 * Opens the gateway's checkout for `checkout`: resolves with its answer once the customer has paid,
 * or null when they closed it without paying.
 */
export async function openCheckout(
  checkout: Checkout,
  details: { description: string; name?: string; phone?: string; color?: string },
): Promise<CheckoutAnswer | null> {
  const Widget = await loadScript(checkout.scriptUrl);
  return new Promise((resolve) => {
    new Widget({
      key: checkout.keyId,
      amount: checkout.amountPaise,
      currency: checkout.currency,
      order_id: checkout.gatewayOrderId,
      name: checkout.name,
      description: details.description,
      prefill: { name: details.name, contact: details.phone },
      ...(details.color ? { theme: { color: details.color } } : {}),
      handler: (answer) => resolve(answer),
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
}
