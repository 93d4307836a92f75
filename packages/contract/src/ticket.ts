import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import type { ListColumns } from './list-query.js';
import { Permission } from './permissions.js';
import { type Words, auditFields, auditLabels, defineResource, editSchemaOf, resourceIdQuerySchema } from './resource.js';
import { text } from './text.js';
import { limits } from './validation.js';

/**
 * Support tickets (work orders; spec routes /worklist/index and /worklist/detail, section 3
 * "Ticket", section 4 "Ticket statuses"). An account files a ticket on a station it sees; the
 * accounts above it (its installer, its distributor) or an administrator accept and handle it; the
 * submitter closes it with a rating. Replies and every status change form the ticket's thread.
 */

/** pending (awaiting acceptance) → processing (awaiting handling) → in_progress → pending_review (awaiting rating) → completed. */
export const ticketStatuses = ['pending', 'processing', 'in_progress', 'pending_review', 'completed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketCategories = ['suggestion', 'defect'] as const;
export type TicketCategory = (typeof ticketCategories)[number];

/**
 * The handling side's moves, each from one status to the next; the submitter's is `close`
 * (`POST /want/ticket/close`, with the rating), from any status but completed.
 */
export const ticketHandlerActions = {
  accept: { from: 'pending', to: 'processing' },
  start: { from: 'processing', to: 'in_progress' },
  finish: { from: 'in_progress', to: 'pending_review' },
} as const satisfies Record<string, { from: TicketStatus; to: TicketStatus }>;
export type TicketHandlerAction = keyof typeof ticketHandlerActions;
export const ticketHandlerActionNames = Object.keys(ticketHandlerActions) as TicketHandlerAction[];
/** What a thread entry records: a reply (no action), or a move with its optional words. */
export const ticketThreadActions = ['create', ...ticketHandlerActionNames, 'close'] as const;
export type TicketThreadAction = (typeof ticketThreadActions)[number];

/** Spec sections 5 and 9: at most 9 attachments, together at most 20 MB, each under 2 MB. */
export const ticketLimits = {
  attachmentsMax: 9,
  attachmentsBytesMax: 20 * 1024 * 1024,
  attachmentBytesMax: limits.imageMaxBytes,
  titleMax: 100,
  contactMax: 50,
  descriptionMax: 2000,
  replyMax: 2000,
  /** Ratings of handling speed and service attitude: 1 to 5 stars. */
  ratingMax: 5,
} as const;

/** An attachment uploaded through /sys/common/upload with `biz=ticket` (an image or a PDF, judged by content). */
export const ticketAttachmentPathPattern = /^ticket\/\d{8}\/[0-9a-f]{32}\.(jpg|png|gif|webp|pdf)$/;
/** What a ticket attachment may be, by content. */
export const ticketAttachmentMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

const attachmentsSchema = z
  .array(text().trim().regex(ticketAttachmentPathPattern, 'must be files uploaded through /sys/common/upload with biz=ticket'), { error: 'must be a list of uploaded files' })
  .max(ticketLimits.attachmentsMax, `must be at most ${ticketLimits.attachmentsMax} files`)
  .refine((paths) => new Set(paths).size === paths.length, 'must not name a file twice');

const required = (max: number) => text({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Filterable and sortable wire names of `/want/ticket/list`. */
export const ticketListColumns = {
  orderNo: { type: 'text' },
  title: { type: 'text' },
  category: { type: 'text' },
  stationId: { type: 'text' },
  status: { type: 'text' },
  createBy: { type: 'text' },
  createTime: { type: 'date' },
  updateTime: { type: 'date' },
} as const satisfies ListColumns;

export const ticketRecordSchema = z.object({
  id: text(),
  /** WO, the UTC day, a running number: WO20261124000042. */
  orderNo: text(),
  title: text(),
  category: z.enum(ticketCategories),
  category_dictText: text().nullable(),
  stationId: text(),
  /** The station's name; null once it is deleted. */
  stationName: text().nullable(),
  status: z.enum(ticketStatuses),
  status_dictText: text().nullable(),
  contact: text(),
  contact_mobile: text(),
  description: text(),
  attachments: z.array(text()),
  submitterId: text(),
  /** The submitter's name (real name, else user name). */
  submitterName: text().nullable(),
  /** The rating, once closed: resolved or not, handling speed and service attitude (1–5). */
  resolved: z.boolean().nullable(),
  speedRating: z.number().int().nullable(),
  attitudeRating: z.number().int().nullable(),
  closeTime: text().nullable(),
  ...auditFields,
});
export type TicketRecord = z.infer<typeof ticketRecordSchema>;

/** `POST /want/ticket/add`: a new ticket on a station the caller sees; it starts pending. */
const ticketFields = z.object({
  title: required(ticketLimits.titleMax),
  category: z.enum(ticketCategories, { error: 'must be suggestion or defect' }),
  stationId: fields.id,
  contact: required(ticketLimits.contactMax),
  contact_mobile: text({ error: 'is required' }).trim().min(1, 'is required').pipe(fields.mobile),
  description: required(ticketLimits.descriptionMax),
  attachments: attachmentsSchema.default([]),
});
export const ticketAddSchema = ticketFields.strict();
export type TicketAddRequest = z.input<typeof ticketAddSchema>;

/** `POST /want/ticket/reply`: words (and files) in the ticket's thread. */
export const ticketReplySchema = z
  .object({
    ticketId: fields.id,
    content: required(ticketLimits.replyMax),
    attachments: attachmentsSchema.default([]),
  })
  .strict();
export type TicketReplyRequest = z.input<typeof ticketReplySchema>;

/** `POST /want/ticket/transition`: the handling side moves the ticket on (accept, start, finish). */
export const ticketTransitionSchema = z
  .object({
    id: fields.id,
    action: z.enum(ticketHandlerActionNames as [TicketHandlerAction, ...TicketHandlerAction[]], { error: 'must be accept, start or finish' }),
    /** Words for the thread (what was done). */
    content: text().trim().max(ticketLimits.replyMax, `must be at most ${ticketLimits.replyMax} characters`).optional(),
  })
  .strict();
export type TicketTransitionRequest = z.input<typeof ticketTransitionSchema>;

const rating = z
  .number({ error: `must be a whole number from 1 to ${ticketLimits.ratingMax}` })
  .int(`must be a whole number from 1 to ${ticketLimits.ratingMax}`)
  .min(1, `must be a whole number from 1 to ${ticketLimits.ratingMax}`)
  .max(ticketLimits.ratingMax, `must be a whole number from 1 to ${ticketLimits.ratingMax}`);

/** `POST /want/ticket/close`: the submitter closes the ticket and rates it (spec section 4). */
export const ticketCloseSchema = z
  .object({
    id: fields.id,
    resolved: z.boolean({ error: 'must be true or false' }),
    speedRating: rating,
    attitudeRating: rating,
    content: text().trim().max(ticketLimits.replyMax, `must be at most ${ticketLimits.replyMax} characters`).optional(),
  })
  .strict();
export type TicketCloseRequest = z.input<typeof ticketCloseSchema>;

/** One entry of a ticket's thread: a reply, or a move (with the status it led to). */
export const ticketThreadEntrySchema = z.object({
  id: text(),
  action: z.enum(ticketThreadActions).nullable(),
  status: z.enum(ticketStatuses).nullable(),
  content: text().nullable(),
  attachments: z.array(text()),
  authorId: text(),
  authorName: text().nullable(),
  createTime: text(),
});
export type TicketThreadEntry = z.infer<typeof ticketThreadEntrySchema>;

/** `GET /want/ticket/thread?id=`: the thread, oldest first, and what the caller may do now. */
export const ticketThreadSchema = z.object({
  entries: z.array(ticketThreadEntrySchema),
  /** The moves the caller may make now (the server decides; the console offers only these). */
  actions: z.array(z.enum(ticketHandlerActionNames as [TicketHandlerAction, ...TicketHandlerAction[]])),
  canReply: z.boolean(),
  canClose: z.boolean(),
});
export type TicketThread = z.infer<typeof ticketThreadSchema>;

/** The ticket screens (spec worklist-index, worklist-detail): list, detail, file, reply, move, close. */
export const ticketResource = defineResource({
  path: '/want/ticket',
  tenancy: 'tenant',
  table: 'tb_ticket',
  title: ['Tickets', '工单', 'Tickets'],
  recordName: ['ticket', '工单', 'Ticket'],
  record: ticketRecordSchema,
  columns: ticketListColumns,
  defaultSort: { column: 'createTime', order: 'desc' },
  add: ticketAddSchema,
  // Tickets are not edited: they move on through their thread.
  edit: editSchemaOf(ticketFields),
  permissions: { list: Permission.TicketList, add: Permission.TicketAdd },
  dictionaries: { category: 'ticket_category', status: 'ticket_state' },
  labels: {
    id: ['Ticket', '工单', 'Ticket'],
    orderNo: ['Order number', '工单号', 'Auftragsnummer'],
    title: ['Title', '标题', 'Titel'],
    category: ['Category', '类别', 'Kategorie'],
    stationId: ['Station', '电站', 'Anlage'],
    stationName: ['Station', '电站', 'Anlage'],
    status: ['Status', '状态', 'Status'],
    contact: ['Contact', '联系人', 'Ansprechpartner'],
    contact_mobile: ['Contact mobile', '联系电话', 'Mobilnummer'],
    description: ['Description', '问题描述', 'Beschreibung'],
    attachments: ['Attachments', '附件', 'Anhänge'],
    submitterId: ['Submitter', '提交人', 'Eingereicht von'],
    submitterName: ['Submitter', '提交人', 'Eingereicht von'],
    resolved: ['Resolved', '是否解决', 'Gelöst'],
    speedRating: ['Handling speed', '处理速度', 'Bearbeitungstempo'],
    attitudeRating: ['Service attitude', '服务态度', 'Servicehaltung'],
    closeTime: ['Closed', '关闭时间', 'Geschlossen'],
    ...auditLabels,
    createTime: ['Submitted', '提交时间', 'Eingereicht'],
  },
  sheet: ['orderNo', 'title', 'category', 'stationName', 'status', 'submitterName', 'contact', 'contact_mobile', 'createTime', 'closeTime'],
});

/** The tickets' calls beside the kit's list and record: filing, the thread, replies, moves and closing. */
export const ticketEndpoints = {
  /** File a ticket on a station the caller sees (the result: its id; the message: its order number). */
  add: defineEndpoint({ method: 'POST', path: '/want/ticket/add', body: ticketAddSchema, result: text() }),
  /** A ticket's thread, oldest first, and what the caller may do now. */
  thread: defineEndpoint({ method: 'GET', path: '/want/ticket/thread', query: resourceIdQuerySchema, result: ticketThreadSchema }),
  /** Reply in an open ticket's thread (the result: the entry's id). */
  reply: defineEndpoint({ method: 'POST', path: '/want/ticket/reply', body: ticketReplySchema, result: text() }),
  /** The handler moves a ticket on (the result: its new status). */
  transition: defineEndpoint({ method: 'POST', path: '/want/ticket/transition', body: ticketTransitionSchema, result: z.enum(ticketStatuses) }),
  /** The submitter closes the ticket with the rating. */
  close: defineEndpoint({ method: 'POST', path: '/want/ticket/close', body: ticketCloseSchema, result: null }),
};

/**
 * Mail about tickets, in the recipient's language. `{…}` are filled in by the server. `linkLine`
 * ends a body only when the installation's address is configured (PUBLIC_URL): a link is never
 * built from the address a request came to.
 */
export const ticketMail = {
  createdSubject: ['{platform}: new ticket {orderNo} – {title}', '{platform}：新工单 {orderNo} – {title}', '{platform}: neues Ticket {orderNo} – {title}'],
  createdBody: [
    '{author} opened ticket {orderNo} on station {station}.\n\nTitle: {title}\nCategory: {category}\nContact: {contact} ({mobile})\n\n{text}',
    '{author} 在电站 {station} 提交了工单 {orderNo}。\n\n标题：{title}\n类别：{category}\n联系人：{contact}（{mobile}）\n\n{text}',
    '{author} hat das Ticket {orderNo} zur Anlage {station} eröffnet.\n\nTitel: {title}\nKategorie: {category}\nAnsprechpartner: {contact} ({mobile})\n\n{text}',
  ],
  repliedSubject: ['{platform}: reply to ticket {orderNo} – {title}', '{platform}：工单 {orderNo} 有新回复 – {title}', '{platform}: Antwort zum Ticket {orderNo} – {title}'],
  repliedBody: ['{author} replied to ticket {orderNo}:\n\n{text}', '{author} 回复了工单 {orderNo}：\n\n{text}', '{author} hat auf das Ticket {orderNo} geantwortet:\n\n{text}'],
  linkLine: ['Open it in the console: {link}', '在控制台中查看：{link}', 'In der Konsole öffnen: {link}'],
  category: {
    suggestion: ['Suggestion', '建议', 'Vorschlag'],
    defect: ['Defect', '故障', 'Defekt'],
  },
} as const satisfies { [key: string]: Words | { [key: string]: Words } };

/**
 * The bell's system message about a ticket (spec: "a ticket changed"), to everyone of the ticket
 * but who changed it. `{orderNo}`, `{title}`, `{author}` and `{status}` are filled in.
 */
export const ticketNotice = {
  created: {
    title: ['New ticket {orderNo}', '新工单 {orderNo}', 'Neues Ticket {orderNo}'],
    message: ['{author} opened “{title}”.', '{author} 提交了工单“{title}”。', '{author} hat „{title}“ eröffnet.'],
  },
  replied: {
    title: ['Reply on ticket {orderNo}', '工单 {orderNo} 有新回复', 'Antwort zum Ticket {orderNo}'],
    message: ['{author} replied to “{title}”.', '{author} 回复了工单“{title}”。', '{author} hat auf „{title}“ geantwortet.'],
  },
  status: {
    title: ['Ticket {orderNo} moved on', '工单 {orderNo} 状态已更新', 'Ticket {orderNo} ist weiter'],
    message: ['{author} moved “{title}” on: it is now {status}.', '{author} 更新了工单“{title}”，当前状态：{status}。', '{author} hat „{title}“ weitergeführt: Stand jetzt {status}.'],
  },
  statuses: {
    pending: ['awaiting acceptance', '待受理', 'wartet auf Annahme'],
    processing: ['awaiting handling', '待处理', 'wartet auf Bearbeitung'],
    in_progress: ['in progress', '处理中', 'in Bearbeitung'],
    pending_review: ['awaiting rating', '待评价', 'wartet auf Bewertung'],
    completed: ['completed', '已完成', 'abgeschlossen'],
  },
} as const satisfies { [key: string]: { [key: string]: Words } };
