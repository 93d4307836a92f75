import { z } from 'zod';
import { fields } from './fields.js';
import { Permission, type PermissionCode } from './permissions.js';
import { text } from './text.js';

/**
 * `/vxeSocket/{userId}/{pageId}` (spec section 7): consoles editing the same grid page hear of
 * each other's saves. Each message is `{type, data}`; the server answers a heartbeat and passes
 * `common_send_date` and `update_vxe_table` on to the other consoles on the same page.
 */
export const VxeSocketType = {
  HeartBeat: 'heart_beat',
  CommonSendDate: 'common_send_date',
  UpdateVxeTable: 'update_vxe_table',
} as const;

/** A grid page: letters, digits, dot, dash and underscore (`dict-items.<dictId>`). */
export const vxeSocketParamsSchema = z.object({
  userId: fields.id,
  pageId: text().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, dashes or underscores'),
});

/**
 * The grid pages that have a socket, named by the part of the page id before its first dot (the
 * rest is the record: `dict-items.<dictId>`), and who may be on each: `open` (any one) to join and
 * hear the others' saves, as the page itself needs to be opened; `save` (any one) to tell them. The
 * server refuses any other page, and passes a message on only to consoles of a tenant of the sender.
 */
export const vxeGridPages = {
  'dict-items': { open: [Permission.DictList], save: [Permission.DictAdd, Permission.DictEdit, Permission.DictDelete] },
} as const satisfies Record<string, { open: readonly PermissionCode[]; save: readonly PermissionCode[] }>;
export type VxeGridPage = keyof typeof vxeGridPages;

/** The page id of one record's grid (`dict-items.<dictId>`). */
export const vxeGridPageId = (page: VxeGridPage, recordId: string): string => `${page}.${recordId}`;

/** The page and record a page id names, or null when it names no grid page that has a socket. */
export const parseVxeGridPageId = (pageId: string): { page: VxeGridPage; recordId: string } | null => {
  const dot = pageId.indexOf('.');
  const page = pageId.slice(0, dot);
  const recordId = pageId.slice(dot + 1);
  return dot > 0 && recordId !== '' && Object.hasOwn(vxeGridPages, page) ? { page: page as VxeGridPage, recordId } : null;
};

export const vxeTableUpdateSchema = z.object({
  /** Which grid of the page the update is about. */
  socketKey: text().min(1).max(100),
  args: z.unknown(),
});
export type VxeTableUpdate = z.infer<typeof vxeTableUpdateSchema>;

export const vxeSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(VxeSocketType.HeartBeat), data: z.unknown().optional() }),
  z.object({ type: z.literal(VxeSocketType.CommonSendDate), data: z.unknown() }),
  z.object({ type: z.literal(VxeSocketType.UpdateVxeTable), data: vxeTableUpdateSchema }),
]);
export type VxeSocketMessage = z.infer<typeof vxeSocketMessageSchema>;

/** Heartbeat every 10 s; no answer within 6 s closes the line; reconnect after 5 s (spec section 7). */
export const vxeSocketTimings = { heartbeatMs: 10_000, timeoutMs: 6_000, reconnectMs: 5_000 } as const;

/** The dictionary items grid's update: which items a save added or changed, and which it removed. */
export const dictItemsUpdateArgsSchema = z.object({
  changed: z.array(fields.id).max(1000),
  removed: z.array(fields.id).max(1000),
});
