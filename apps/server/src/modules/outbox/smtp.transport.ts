import nodemailer from 'nodemailer';

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
  // A server that does not answer must not hold a request for minutes (nodemailer's defaults).
  const options = new URL(url);
  const transport = nodemailer.createTransport({
    host: options.hostname,
    port: options.port ? Number(options.port) : options.protocol === 'smtps:' ? 465 : 587,
    secure: options.protocol === 'smtps:',
    auth: options.username ? { user: decodeURIComponent(options.username), pass: decodeURIComponent(options.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
