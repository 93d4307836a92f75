import type { Transporter } from 'nodemailer';

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

export function createSmtpTransport(url: string, from: string): SmtpTransport {
  const options = new URL(url);
  // nodemailer loads with the first mail rather than at every start.
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      opened = nodemailer.createTransport({
        host: options.hostname,
        port: options.port ? Number(options.port) : options.protocol === 'smtps:' ? 465 : 587,
        secure: options.protocol === 'smtps:',
        auth: options.username ? { user: decodeURIComponent(options.username), pass: decodeURIComponent(options.password) } : undefined,
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
