/** Picks the gateway from the configuration (DESIGN section 3.6): Razorpay when its keys are set. */
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
  if (config.PAYMENT_GATEWAY === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return new RazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      onError,
    });
  }
  return new SandboxGateway(config.SANDBOX_KEY_ID, secrets.sandboxKeySecret);
}
