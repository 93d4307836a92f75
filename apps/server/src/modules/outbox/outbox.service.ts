import { type Language, type OutboxRecord, outboxResource, fillWordsIn, outboxTestMessage } from '@cellsight/contract';
import { invalidField } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';
import type { SmsMessage, SmsTransport } from './sms.transport.js';
import type { MailMessage, SmtpTransport } from './smtp.transport.js';

interface Dependencies {
  outbox: OutboxRepository;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  /** Null without `SMTP_URL`: every message is kept in the outbox for administrators to read. */
  smtp: SmtpTransport | null;
  /** Null without `SMS_GATEWAY_URL`: texts are kept in the outbox the same way. */
  sms: SmsTransport | null;
  platformName: string;
  now?: () => Date;
}

/** The reason a message shows while it is being sent again, with the time its sending began. */
const resendingMarker = 'being sent again';
const resendingSince = (at: Date) => `${resendingMarker} since ${at.toISOString()}`;
/** A message marked as being sent again longer ago than this was left by a process that stopped: it is sent again. */
const abandonedAfterMs = 10 * 60 * 1000;

/** Whether another resend (of this or another process) is sending the message at this moment. */
const beingSentElsewhere = (row: OutboxRow, at: number): boolean => {
  if (row.status !== 'failed' || !row.error?.startsWith(resendingMarker)) return false;
  const since = Date.parse(row.error.slice(`${resendingMarker} since `.length));
  // A marker without a time (written before times were added) or an old one: its process stopped.
  return !Number.isNaN(since) && at - since < abandonedAfterMs;
};

const toRecord = (row: OutboxRow): OutboxRecord => ({
  id: row.id,
  channel: row.channel as OutboxRecord['channel'],
  recipient: row.recipient,
  subject: row.subject,
  body: row.body,
  status: row.status as OutboxRecord['status'],
  error: row.error,
  createBy: row.createBy,
  createTime: row.createTime.toISOString(),
  sentTime: row.sentTime?.toISOString() ?? null,
});

/**
 * Mail that really leaves: each message is written to the outbox first, then handed to the SMTP
 * server, and its row says what became of it. Without SMTP it stays in the outbox (`kept`), so the
 * quick start's sign-up codes can still be read by an administrator (System → Outbox).
 */
export const createOutboxService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());
  const kit = createResourceService({ resource: outboxResource, ...deps.outbox.screen, dicts: deps.dicts });

  /**
   * Writes the message to the outbox, hands it to its channel when one is configured, and answers
   * its row as it ends (`sent`, `failed` with the reason, or `kept`).
   */
  const deliver = async (
    tenantId: number,
    message: { channel: OutboxRecord['channel']; to: string; subject: string; text: string },
    createBy: string | null,
    send: (() => Promise<void>) | null,
  ): Promise<OutboxRecord> => {
    const id = newId();
    await deps.outbox.insert({ id, tenantId, channel: message.channel, recipient: message.to, subject: message.subject, body: message.text, status: 'kept', createBy, createTime: now() });
    if (send) {
      try {
        await send();
        await deps.outbox.settle(id, { status: 'sent', sentTime: now() });
      } catch (error) {
        await deps.outbox.settle(id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    }
    const row = await deps.outbox.byId(id);
    if (!row) throw new Error(`outbox message ${id} vanished`);
    return toRecord(row);
  };

  const sendMail = (tenantId: number, message: MailMessage, createBy: string | null) =>
    deliver(tenantId, { channel: 'mail', ...message }, createBy, deps.smtp ? () => deps.smtp!.send(message) : null);

  /** A text message; `subject` only labels it in the outbox (a text has none). */
  const sendSms = (tenantId: number, message: SmsMessage & { subject: string }, createBy: string | null) =>
    deliver(tenantId, { channel: 'sms', ...message }, createBy, deps.sms ? () => deps.sms!.send({ to: message.to, text: message.text }) : null);

  return {
    ...kit,
    sendMail,
    sendSms,

    /**
     * Sends again what did not leave: messages that failed, or were kept while no transport was
     * configured, for the channels configured now; only those written within the last day (older
     * news is stale) and not in the last minute (their first attempt may still be under way).
     */
    async resendUnsent(): Promise<{ sent: number; failed: number }> {
      const channels = [...(deps.smtp ? ['mail'] : []), ...(deps.sms ? ['sms'] : [])];
      const at = now().getTime();
      const rows = await deps.outbox.unsent(channels, new Date(at - 24 * 3600 * 1000), new Date(at - 60 * 1000), 100);
      const result = { sent: 0, failed: 0 };
      for (const row of rows) {
        // Claiming compares the row with what was read: a row read while another resend had it
        // would otherwise be claimed a second time, and the message sent twice.
        if (beingSentElsewhere(row, now().getTime())) continue;
        if (!(await deps.outbox.claimResend(row, resendingSince(now())))) continue;
        try {
          if (row.channel === 'sms') await deps.sms!.send({ to: row.recipient, text: row.body });
          else await deps.smtp!.send({ to: row.recipient, subject: row.subject, text: row.body });
          await deps.outbox.settle(row.id, { status: 'sent', sentTime: now() });
          result.sent++;
        } catch (error) {
          await deps.outbox.settle(row.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
          result.failed++;
        }
      }
      return result;
    },

    /** A test message to `to`, in the caller's language, from the caller's tenant. */
    async sendTestMail(auth: AuthContext, to: string, language: Language): Promise<OutboxRecord> {
      const tenantId = auth.tenantId || (await deps.tenants.activeForUser(auth.userId))[0]?.id;
      if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to send from');
      const values = { platform: deps.platformName, user: auth.username };
      return sendMail(tenantId, { to, subject: fillWordsIn(outboxTestMessage.subject, values, language), text: fillWordsIn(outboxTestMessage.body, values, language) }, auth.username);
    },
  };
};

export type OutboxService = ReturnType<typeof createOutboxService>;
