import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import { Permission } from './permissions.js';
import { type Words, defineResource } from './resource.js';
import { text } from './text.js';

/** How a message leaves: by mail (SMTP), or by SMS (a gateway, with the next issue's sign-up). */
export const outboxChannels = ['mail', 'sms'] as const;

/**
 * Where a message is: `kept` (no SMTP configured: it stays here for an administrator to read, so
 * sign-up works on the embedded defaults), `sent` (the SMTP server accepted it), `failed` (it
 * refused, or could not be reached; the reason is kept).
 */
export const outboxStatuses = ['kept', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** The outbox (System → Outbox): every message the platform sent or keeps, newest first. */
export const outboxResource = defineResource({
  path: '/sys/outbox',
  tenancy: 'tenant',
  table: 'sys_outbox',
  title: ['Outbox', '发件箱', 'Postausgang'],
  recordName: ['message', '消息', 'Nachricht'],
  record: z.object({
    id: text(),
    channel: z.enum(outboxChannels),
    recipient: text(),
    subject: text(),
    body: text(),
    status: z.enum(outboxStatuses),
    error: text().nullable(),
    createBy: text().nullable(),
    createTime: text(),
    sentTime: text().nullable(),
  }),
  columns: {
    recipient: { type: 'text' },
    subject: { type: 'text' },
    channel: { type: 'text' },
    status: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  // The platform writes the outbox; nobody adds, edits or deletes its records by hand.
  permissions: { list: Permission.OutboxList },
  labels: {
    channel: ['Channel', '渠道', 'Kanal'],
    recipient: ['To', '收件人', 'An'],
    subject: ['Subject', '主题', 'Betreff'],
    body: ['Message', '内容', 'Nachricht'],
    status: ['Status', '状态', 'Status'],
    error: ['Reason', '原因', 'Grund'],
    createBy: ['Sent by', '发送人', 'Gesendet von'],
    createTime: ['Written', '生成时间', 'Erstellt'],
    sentTime: ['Sent', '发送时间', 'Gesendet'],
  },
  sheet: ['channel', 'recipient', 'subject', 'status', 'error', 'createBy', 'createTime', 'sentTime'],
});
export type OutboxRecord = z.infer<typeof outboxResource.record>;

/** `POST /sys/outbox/testMail`: a test message to this address, to check the mail settings. */
export const outboxTestMailSchema = z.object({ to: fields.email }).strict();
export type OutboxTestMail = z.infer<typeof outboxTestMailSchema>;

/** The test message, in the language of the administrator who asks for it. */
export const outboxTestMessage = {
  subject: ['{platform}: test message', '{platform}：测试邮件', '{platform}: Testnachricht'],
  body: [
    'This message was sent from {platform} by {user} to check the mail settings. If you can read it, mail leaves the platform.',
    '这封邮件由 {user} 从 {platform} 发出，用于检查邮件设置。您能读到它，说明平台可以正常发送邮件。',
    'Diese Nachricht hat {user} aus {platform} gesendet, um die Mail-Einstellungen zu prüfen. Wenn Sie sie lesen können, verlässt Mail die Plattform.',
  ],
} as const satisfies Record<string, Words>;

export const outboxEndpoints = {
  /** A test message to an address; the result is its outbox record. */
  testMail: defineEndpoint({ method: 'POST', path: '/sys/outbox/testMail', body: outboxTestMailSchema, result: outboxResource.record }),
};
