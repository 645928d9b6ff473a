import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export interface OtpMessage {
  country_code: string;
  phone_number: string;
  otp: string;
}

/** Delivers a one-time code to a phone. Rejects when the code could not be handed over. */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
}

/** Thrown when the delivery channel refused or did not answer. */
export class OtpDeliveryError extends Error {
  override name = 'OtpDeliveryError';
}

const WEBHOOK_TIMEOUT_MS = 5000;

/**
 * OTP_SENDER=console prints the code as one plain line (development: read it from `npm start`'s
 * output and sign in);
 * OTP_SENDER=webhook POSTs `{country_code, phone_number, otp}` as JSON to OTP_WEBHOOK_URL, the
 * place to plug in any SMS gateway, and fails after 5 s or on a non-2xx answer.
 */
export function createOtpSender(
  config: Pick<Config, 'OTP_SENDER' | 'OTP_WEBHOOK_URL'>,
  logger: Logger,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): OtpSender {
  if (config.OTP_SENDER === 'webhook') {
    const url = config.OTP_WEBHOOK_URL;
    if (!url) throw new Error('OTP_WEBHOOK_URL is required when OTP_SENDER=webhook');
    return {
      async send(message) {
        let res: Response;
        try {
          res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(message),
            signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          });
        } catch (err) {
          throw new OtpDeliveryError(`OTP webhook unreachable: ${(err as Error).message}`, {
            cause: err,
          });
        }
        // Drain the body so the connection can be reused.
        await res.arrayBuffer().catch(() => undefined);
        if (!res.ok) throw new OtpDeliveryError(`OTP webhook answered ${res.status}`);
      },
    };
  }
  return {
    async send({ country_code, phone_number, otp }) {
      // One plain line, not a JSON log record: in `npm start`'s output the code must stand out.
      // (The logger would redact an `otp` field anyway.)
      logger.info({ country_code, phone_number }, 'OTP sent to the console');
      print(
        `OTP for ${country_code} ${phone_number}: ${otp}  (OTP_SENDER=console, development only)`,
      );
    },
  };
}
