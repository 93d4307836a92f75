import { type Socket, connect as netConnect } from 'node:net';
import type { Transporter } from 'nodemailer';
import type { DestinationPolicy } from '../../lib/destination-policy.js';

/** One message as it leaves by mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail through the SMTP server of `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export interface SmtpTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** How long resolving and connecting to the SMTP server may take (nodemailer's own timeouts follow). */
const connectTimeoutMs = 10_000;

/**
 * Sends through `url`'s server, whose host is judged by the destination policy (OUTBOUND_ALLOW) at
 * every connection; the connection goes to the judged address (nodemailer's `getSocket`), so the
 * name is never resolved again behind the check. TLS still names and checks the host itself.
 */
export function createSmtpTransport(url: string, from: string, destinations: DestinationPolicy): SmtpTransport {
  const options = new URL(url);
  const port = options.port ? Number(options.port) : options.protocol === 'smtps:' ? 465 : 587;
  const getSocket = (_options: unknown, callback: (error: Error | null, socket?: { connection: Socket }) => void): void => {
    const timer = setTimeout(() => fail(new Error(`could not connect to ${options.host} within ${connectTimeoutMs} ms`)), connectTimeoutMs);
    let socket: Socket | undefined;
    let answered = false;
    const fail = (error: Error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      socket?.destroy();
      callback(error);
    };
    destinations.resolve(options.hostname).then(([first]) => {
      if (answered) return;
      socket = netConnect({ host: first!.address, port });
      socket.once('error', fail);
      socket.once('connect', () => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        socket!.off('error', fail);
        callback(null, { connection: socket! });
      });
    }, fail);
  };
  // nodemailer loads with the first mail rather than at every start.
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      opened = nodemailer.createTransport({
        host: options.hostname.replace(/^\[|\]$/g, ''),
        port,
        secure: options.protocol === 'smtps:',
        auth: options.username ? { user: decodeURIComponent(options.username), pass: decodeURIComponent(options.password) } : undefined,
        getSocket,
        // A server that does not answer must not hold a request for minutes (nodemailer's defaults).
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      return opened;
    }));
  return {
    async send(message) {
      await (await open()).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => opened?.close(),
  };
}
