/**
 * `npm run payments:stand-in`: the stand-in payment gateway on its own, for trying online payment on
 * this machine without a Razorpay account. It prints the PAYMENTS_URL to start the server with, and
 * sends its webhooks to the server at WEBHOOK_URL (by default http://127.0.0.1:3000's).
 */
import { startPaymentsGateway } from './payments-gateway.ts';

const port = Number(process.env.STAND_IN_PORT ?? 4900);
const gateway = await startPaymentsGateway({
  port,
  keyId: 'rzp_test_StandIn',
  keySecret: 'stand-in-key-secret',
  webhookSecret: 'stand-in-webhook-secret',
});
gateway.webhookUrl = process.env.WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/payments/razorpay/webhook';
process.stdout.write(
  `Stand-in payment gateway at ${gateway.url}; webhooks go to ${gateway.webhookUrl}\n` +
    `Start the server with:\n  PAYMENTS_URL='${gateway.paymentsUrl}' npm start\n`,
);
const stop = () => void gateway.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
