import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** A mail the in-process SMTP server received. */
export interface Received {
  to: string[];
  data: string;
}

/** A local SMTP server (no TLS, no sign-in) that keeps what it receives. */
export async function startSmtpServer(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (taken, then freed). */
export async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The text body of a received single-part mail, decoded from base64 or quoted-printable (nodemailer
 * picks one for non-ASCII text), so a test can read what the recipient reads.
 */
export const mailBody = (mail: Received): string => {
  const split = mail.data.indexOf('\r\n\r\n');
  const headers = mail.data.slice(0, split);
  const body = mail.data.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
};

/** A text the local SMS gateway received, with the bearer token it came with. */
export interface ReceivedText {
  to: string;
  text: string;
  authorization: string | undefined;
}

/** A local HTTP SMS gateway that keeps what it receives; answers `status` (200 unless told). */
export async function startSmsGateway(status = 200): Promise<{ url: string; received: ReceivedText[]; close: () => Promise<void> }> {
  const received: ReceivedText[] = [];
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
      received.push({ to: body.to, text: body.text, authorization: request.headers.authorization });
      response.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"ok":true}' : '{"error":"quota exceeded"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
