import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Delivered {
  country_code: string;
  phone_number: string;
  otp: string;
}

/** A webhook receiver standing in for an SMS gateway: the server's webhook sender posts here. */
export class OtpInbox {
  readonly messages: Delivered[] = [];
  private waiters: Array<() => void> = [];
  private failStatus: number | null = null;
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (this.failStatus !== null) {
        res.writeHead(this.failStatus).end();
        return;
      }
      this.messages.push(JSON.parse(body) as Delivered);
      this.waiters.splice(0).forEach((wake) => wake());
      res.writeHead(204).end();
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/sms`;
  }

  /** Makes the gateway answer every delivery with this status (null: accept again). */
  failWith(status: number | null): void {
    this.failStatus = status;
  }

  count(phone: string): number {
    return this.messages.filter((m) => m.phone_number === phone).length;
  }

  /** The newest code sent to the phone, waiting up to 5 s for the n-th message to arrive. */
  async code(phone: string, nth = 1): Promise<string> {
    const deadline = Date.now() + 5000;
    while (this.count(phone) < nth) {
      if (Date.now() > deadline) throw new Error(`no OTP #${nth} for ${phone}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    const mine = this.messages.filter((m) => m.phone_number === phone);
    return mine[mine.length - 1]!.otp;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
