import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields, optionalText } from './fields.js';
import { pageSchema } from './list-query.js';
import { Permission } from './permissions.js';
import { type Words, auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';
import { splitIds } from './validation.js';

/** Priority of an announcement (spec section 3): L general, M important, H urgent (dictionary `priority`). */
export const announcementPriorities = ['L', 'M', 'H'] as const;
/** Who receives an announcement: everyone of the writer's tenant, or the users chosen (dictionary `msg_type`). */
export const announcementMsgTypes = ['ALL', 'USER'] as const;
/** What 'go handle' opens: a console page (`url`, navigated to) or a component; only `url` shows the button (spec section 2). */
export const announcementOpenTypes = ['component', 'url'] as const;
/** '1' a notice an administrator wrote, '2' a system message the platform sent (dictionary `msg_category`). */
export const AnnouncementCategory = { Notice: '1', System: '2' } as const;
/** '0' draft (editable), '1' published (reaches its readers), '2' revoked (gone from every bell) (dictionary `send_status`). */
export const SendStatus = { Draft: '0', Published: '1', Revoked: '2' } as const;

/** Longest message an administrator may write (HTML, before sanitising). */
export const announcementContentMax = 100_000;

/**
 * A page the 'go handle' button may open: a console path (`/site/events`) or an http(s) address.
 * Anything else (javascript:, protocol-relative `//host`) is refused where it is written.
 */
export const openPageSchema = text()
  .trim()
  .max(500, 'is too long')
  .regex(/^(\/([^\s/]\S*)?|https?:\/\/\S+)$/i, 'must be a console path (/...) or an http(s) address');

const announcementFields = {
  titile: text().trim().min(1, 'is required').max(100, 'is too long'),
  /** Rich text (HTML); the server keeps only its allow-list (paragraphs, headings, lists, emphasis, links, images). */
  msgContent: text().max(announcementContentMax, 'is too long'),
  priority: z.enum(announcementPriorities),
  msgType: z.enum(announcementMsgTypes),
  /** The chosen users when `msgType` is USER: ids comma-joined (JeecgBoot ends the list with a comma). */
  userIds: fields.idList.nullish(),
  openType: z.enum(announcementOpenTypes).nullish(),
  openPage: z.union([openPageSchema, z.literal('')]).nullish(),
  /** When it shows: from `startTime`, until `endTime` (either open). JeecgBoot's form always sends both. */
  startTime: optionalText(fields.dateTime),
  endTime: optionalText(fields.dateTime),
  /** A summary of the writer's own; without one the list shows the message's first words. */
  msgAbstract: optionalText(text().trim().max(500, 'is too long')),
  /** '1', a notice: the only kind an administrator writes (system messages are the platform's own). JeecgBoot's form sends it. */
  msgCategory: z.literal(AnnouncementCategory.Notice, { error: 'must be 1 (a notice): system messages are the platform’s own' }).optional(),
};

/** The rules across fields: chosen users need someone chosen, and a url announcement a page to open. */
const checkAudienceAndPage = (value: { msgType?: string; userIds?: string | null; openType?: string | null; openPage?: string | null; startTime?: string | null; endTime?: string | null }, context: z.RefinementCtx) => {
  if (value.msgType === 'USER' && splitIds(value.userIds).length === 0) context.addIssue({ code: 'custom', path: ['userIds'], message: 'choose at least one user' });
  if (value.openType === 'url' && !value.openPage) context.addIssue({ code: 'custom', path: ['openPage'], message: 'is required when the announcement opens a page' });
  if (value.startTime && value.endTime && value.endTime < value.startTime) context.addIssue({ code: 'custom', path: ['endTime'], message: 'must not be before the start time' });
};

// Keys beyond these are dropped, never refused: JeecgBoot's form sends a loaded record back whole
// (its audit fields, send status and times), which Jackson ignores too; none of it is stored.
const announcementSchema = z.object(announcementFields);
// A new announcement may have no message yet (JeecgBoot's modal leaves it out while its editor is empty).
const announcementAddSchema = announcementSchema.extend({ msgContent: announcementFields.msgContent.default('') });

/** System → Announcements (administrators): notices to everyone of the tenant or to chosen users, drafted, published, revoked. */
export const announcementResource = defineResource({
  path: '/sys/annountCement',
  tenancy: 'tenant',
  table: 'sys_announcement',
  title: ['Announcements', '系统通告', 'Ankündigungen'],
  recordName: ['announcement', '通告', 'Ankündigung'],
  record: z.object({
    id: text(),
    titile: text(),
    msgContent: text(),
    /** The message as plain text, shortened (lists and the bell). */
    msgAbstract: text().nullable(),
    /** Who published it (user name); null for the platform's own system messages. */
    sender: text().nullable(),
    priority: z.enum(announcementPriorities),
    msgCategory: z.enum([AnnouncementCategory.Notice, AnnouncementCategory.System]),
    msgType: z.enum(announcementMsgTypes),
    sendStatus: z.enum([SendStatus.Draft, SendStatus.Published, SendStatus.Revoked]),
    sendTime: text().nullable(),
    cancelTime: text().nullable(),
    /** When it shows to its readers (either open). */
    startTime: text().nullable(),
    endTime: text().nullable(),
    /** The chosen users of a USER announcement, comma-joined with a trailing comma (JeecgBoot); null for ALL. */
    userIds: text().nullable(),
    openType: z.enum(announcementOpenTypes).nullable(),
    openPage: text().nullable(),
    busType: text().nullable(),
    busId: text().nullable(),
    ...auditFields,
    // Dictionary texts in the caller's language (the administrators' list and record).
    priority_dictText: text().nullable().optional(),
    msgType_dictText: text().nullable().optional(),
    sendStatus_dictText: text().nullable().optional(),
    msgCategory_dictText: text().nullable().optional(),
  }),
  columns: {
    titile: { type: 'text' },
    sender: { type: 'text' },
    priority: { type: 'text' },
    msgType: { type: 'text' },
    sendStatus: { type: 'text' },
    sendTime: { type: 'date' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: announcementAddSchema.superRefine(checkAudienceAndPage),
  edit: editSchemaOf(announcementSchema).superRefine(checkAudienceAndPage),
  permissions: { list: Permission.AnnouncementList, add: Permission.AnnouncementAdd, edit: Permission.AnnouncementEdit, delete: Permission.AnnouncementDelete },
  dictionaries: { priority: 'priority', msgType: 'msg_type', sendStatus: 'send_status', msgCategory: 'msg_category' },
  labels: {
    titile: ['Title', '标题', 'Titel'],
    msgContent: ['Message', '内容', 'Nachricht'],
    msgAbstract: ['Summary', '摘要', 'Zusammenfassung'],
    sender: ['Sender', '发布人', 'Absender'],
    priority: ['Priority', '优先级', 'Priorität'],
    msgCategory: ['Category', '消息类型', 'Kategorie'],
    msgType: ['Recipients', '通告对象', 'Empfänger'],
    sendStatus: ['Status', '发布状态', 'Status'],
    sendTime: ['Published', '发布时间', 'Veröffentlicht'],
    cancelTime: ['Revoked', '撤销时间', 'Zurückgezogen'],
    startTime: ['Shows from', '开始时间', 'Sichtbar ab'],
    endTime: ['Shows until', '结束时间', 'Sichtbar bis'],
    userIds: ['Users', '指定用户', 'Benutzer'],
    openType: ['Opens', '打开方式', 'Öffnet'],
    openPage: ['Page to open', '打开页面', 'Zu öffnende Seite'],
    busType: ['Business type', '业务类型', 'Vorgangsart'],
    busId: ['Business id', '业务 ID', 'Vorgangs-ID'],
    ...auditLabels,
  },
  sheet: ['titile', 'sender', 'priority', 'msgType', 'sendStatus', 'sendTime', 'createTime'],
});
export type AnnouncementRecord = z.infer<typeof announcementResource.record>;
export type AnnouncementAdd = z.infer<typeof announcementResource.add>;

/** `doReleaseData?id=`, `doReovkeData?id=` and `queryById?id=`. */
export const announcementIdQuerySchema = z.object({ id: fields.id });

/** One announcement as its reader sees it (bell, detail dialog, /isps/userAnnouncement). */
export const userAnnouncementSchema = z.object({
  /** The announcement's id (also `anntId`). */
  id: text(),
  anntId: text(),
  titile: text(),
  /** HTML, sanitised on the server. */
  msgContent: text(),
  msgAbstract: text().nullable(),
  sender: text().nullable(),
  priority: z.enum(announcementPriorities),
  msgCategory: z.enum([AnnouncementCategory.Notice, AnnouncementCategory.System]),
  sendTime: text().nullable(),
  createTime: text(),
  openType: z.enum(announcementOpenTypes).nullable(),
  openPage: text().nullable(),
  busType: text().nullable(),
  busId: text().nullable(),
  /** '0' unread, '1' read. */
  readFlag: z.enum(['0', '1']),
  /** JeecgBoot's websocket fields, for a console that expects them. */
  msgId: text(),
  msgTxt: text(),
});
export type UserAnnouncement = z.infer<typeof userAnnouncementSchema>;

/** `GET /sys/annountCement/listByUser?pageSize=`: the unread notices and system messages (spec section 3). */
export const listByUserQuerySchema = z.object({ pageSize: z.coerce.number().int().min(1, 'is too small').max(50, 'is too large').default(5) });
export const listByUserSchema = z.object({
  anntMsgList: z.array(userAnnouncementSchema),
  anntMsgTotal: z.number().int(),
  sysMsgList: z.array(userAnnouncementSchema),
  sysMsgTotal: z.number().int(),
});
export type ListByUser = z.infer<typeof listByUserSchema>;

/** `PUT|POST /sys/sysAnnouncementSend/editByAnntIdAndUserId`: the caller has read it. */
export const markReadSchema = z.object({ anntId: fields.id }).strict();

/** `GET /sys/sysAnnouncementSend/getMyAnnouncementSend`: the caller's announcements, newest first. */
export const myAnnouncementsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1, 'is too small').default(1),
  pageSize: z.coerce.number().int().min(1, 'is too small').max(100, 'is too large').default(10),
  titile: text().trim().max(100, 'is too long').optional(),
  readFlag: z.enum(['0', '1', '']).optional(),
  msgCategory: z.enum([AnnouncementCategory.Notice, AnnouncementCategory.System, '']).optional(),
});
export type MyAnnouncementsQuery = z.input<typeof myAnnouncementsQuerySchema>;

/** The announcements' calls beside the kit's screen: one announcement, publishing and revoking; every reader's bell, list and read marks. */
export const announcementEndpoints = {
  /** An administrator's announcement of their tenant in any state, else one published for the caller. */
  queryById: defineEndpoint({ method: 'GET', path: '/sys/annountCement/queryById', query: announcementIdQuerySchema, result: announcementResource.record }),
  /** Publish a draft. */
  release: defineEndpoint({ method: 'GET', path: '/sys/annountCement/doReleaseData', query: announcementIdQuerySchema, result: null }),
  /** Revoke a published announcement (JeecgBoot's spelling). */
  revoke: defineEndpoint({ method: 'GET', path: '/sys/annountCement/doReovkeData', query: announcementIdQuerySchema, result: null }),
  /** The bell: the caller's unread notices and system messages and their counts. */
  listByUser: defineEndpoint({ method: 'GET', path: '/sys/annountCement/listByUser', query: listByUserQuerySchema, result: listByUserSchema }),
  /** The caller's announcements, read or not, newest first. */
  mine: defineEndpoint({ method: 'GET', path: '/sys/sysAnnouncementSend/getMyAnnouncementSend', query: myAnnouncementsQuerySchema, result: pageSchema(userAnnouncementSchema) }),
  /** The caller read this announcement. */
  markRead: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/sysAnnouncementSend/editByAnntIdAndUserId', body: markReadSchema, result: null }),
  /** The caller read everything (the result: how many were marked). */
  readAll: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/sysAnnouncementSend/readAll', result: z.number().int() }),
};

/** The reader's own announcements (spec section 2), reached from the bell's 'view more'; open to every signed-in user. */
export const userAnnouncementPath = '/isps/userAnnouncement';

/** How often the bell reads `listByUser` (spec section 9), besides at once on a live push. */
export const noticePollMs = 6_000;

/** Texts of the platform's own system messages; `{name}` placeholders are filled by `fillWords`. */
export const systemMessages = {
  commandFailedTitle: ['Remote command failed: {op} on {target}', '远程指令失败：{target} 的 {op}', 'Fernbefehl fehlgeschlagen: {op} an {target}'],
  commandFailed: [
    'The {op} command you sent to {target} failed: {reason}',
    '您发送给 {target} 的 {op} 指令失败：{reason}',
    'Der Befehl {op}, den Sie an {target} gesendet haben, ist fehlgeschlagen: {reason}',
  ],
  commandTimedOutTitle: ['Remote command timed out: {op} on {target}', '远程指令超时：{target} 的 {op}', 'Fernbefehl ohne Antwort: {op} an {target}'],
  commandTimedOut: [
    'The {op} command you sent to {target} got no answer in time: {reason}',
    '您发送给 {target} 的 {op} 指令未在规定时间内得到应答：{reason}',
    'Der Befehl {op}, den Sie an {target} gesendet haben, wurde nicht rechtzeitig beantwortet: {reason}',
  ],
  faultTitle: ['Fault on {station}', '{station} 发生故障', 'Störung an {station}'],
  fault: [
    'A fault ({code}) opened on {target} of station {station}. Open the events to see and acknowledge it.',
    '电站 {station} 的 {target} 发生故障（{code}）。请打开事件页面查看并确认。',
    'An {target} der Anlage {station} ist eine Störung ({code}) aufgetreten. Öffnen Sie die Ereignisse, um sie anzusehen und zu bestätigen.',
  ],
} as const satisfies Record<string, Words>;

/** Remote operations as system messages name them. */
export const commandOpWords = {
  restart: ['restart', '重启', 'Neustart'],
  shutdown: ['shutdown', '关机', 'Abschaltung'],
  settings: ['settings', '参数设置', 'Einstellungen'],
  upgrade: ['upgrade', '升级', 'Aktualisierung'],
} as const satisfies Record<string, Words>;

