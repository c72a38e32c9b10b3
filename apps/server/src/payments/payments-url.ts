/**
 * PAYMENTS_URL (B18, ADR 0072): the payment gateway and its keys, e.g.
 * `razorpay://rzp_live_KEY_ID:KEY_SECRET@api.razorpay.com?webhookSecret=SECRET`. A loopback host
 * (127.0.0.1, localhost, [::1]) is spoken to over plain HTTP, and serves the checkout script
 * itself: the stand-in gateway the tests and a local trial run. Answers what is wrong with it, or
 * its settings.
 */
export type GatewaySettings = {
  provider: 'razorpay';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where its API answers, without a trailing slash. */
  apiUrl: string;
  /** The script the customer app loads to open the gateway's checkout. */
  checkoutScriptUrl: string;
};

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function gatewaySettings(paymentsUrl: string): GatewaySettings | string {
  let url: URL;
  try {
    url = new URL(paymentsUrl);
  } catch {
    return 'must be a URL such as razorpay://KEY_ID:KEY_SECRET@api.razorpay.com?webhookSecret=SECRET';
  }
  if (url.protocol !== 'razorpay:')
    return 'must be a razorpay:// URL (the payment gateway this server supports)';
  const keyId = decodeURIComponent(url.username);
  const keySecret = decodeURIComponent(url.password);
  if (!/^rzp_(test|live)_[A-Za-z0-9]+$/.test(keyId))
    return 'must carry the key id (rzp_live_… or rzp_test_…) as its user';
  if (keySecret === '') return 'must carry the key secret as its password';
  const webhookSecret = url.searchParams.get('webhookSecret') ?? '';
  if (webhookSecret === '') return 'must carry the webhook secret: ?webhookSecret=';
  if (url.hostname === '') return 'must name the gateway’s host, e.g. api.razorpay.com';
  const local = loopback.has(url.hostname);
  const apiUrl = `${local ? 'http' : 'https'}://${url.host}`;
  return {
    provider: 'razorpay',
    keyId,
    keySecret,
    webhookSecret,
    apiUrl,
    checkoutScriptUrl:
      url.hostname === 'api.razorpay.com'
        ? 'https://checkout.razorpay.com/v1/checkout.js'
        : `${apiUrl}/v1/checkout.js`,
  };
}

/**
 * What a shop's page must be allowed to load for the gateway's checkout (its Content-Security-Policy):
 * Razorpay's script, the frame its checkout opens and what that script reports to; the stand-in's
 * own origin for all of it.
 */
export function checkoutSources(settings: GatewaySettings | null): {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
} {
  if (!settings) return { script: [], frame: [], connect: [], img: [] };
  const origin = new URL(settings.checkoutScriptUrl).origin;
  if (origin === 'https://checkout.razorpay.com') {
    return {
      script: [origin],
      frame: ['https://api.razorpay.com', origin],
      connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
      img: ['https://cdn.razorpay.com'],
    };
  }
  return { script: [origin], frame: [origin], connect: [origin], img: [] };
}
