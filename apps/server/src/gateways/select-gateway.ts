/**
 * Builds the gateway config.PAYMENT_GATEWAY names. Razorpay without its keys is an error, never a
 * silent fall-back to the sandbox, which takes no money (docs/decisions/0007-production-safety.md).
 */
import type { Config } from '../config';
import type { Secrets } from '../lib/secrets';
import type { PaymentGateway } from './gateway';
import { RazorpayGateway } from './razorpay';
import { SandboxGateway } from './sandbox';

export function selectGateway(
  config: Pick<
    Config,
    'PAYMENT_GATEWAY' | 'SANDBOX_KEY_ID' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET'
  >,
  secrets: Pick<Secrets, 'sandboxKeySecret'>,
  onError?: (message: string) => void,
): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'razorpay') {
    if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) {
      throw new Error('PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.');
    }
    return new RazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      onError,
    });
  }
  return new SandboxGateway(config.SANDBOX_KEY_ID, secrets.sandboxKeySecret);
}
