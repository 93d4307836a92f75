import {
  type AnnouncementRecord,
  AnnouncementCategory,
  type Language,
  type ListByUser,
  type ListQuery,
  type Page,
  SendStatus,
  ServerCode,
  type UserAnnouncement,
  type Words,
  announcementResource,
  splitIds,
  wordsIn,
} from '@cellsight/contract';
import type { z } from 'zod';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { Realtime } from '../../plugins/realtime.plugin.js';
import type { DictService } from '../dict/dict.service.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import { plainAbstract, sanitizeRichText, textToHtml } from '../../lib/rich-text-html.js';
import { type AnnouncementRepository, type AnnouncementRow, type ReaderRow, noticesOf } from './announcement.repository.js';

interface Dependencies {
  announcements: AnnouncementRepository;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  realtime: Pick<Realtime, 'toUsers'>;
  now?: () => Date;
}

/**
 * A message from the platform itself to some of a tenant's users (a command failed, a fault opened,
 * a ticket changed). Title and message are plain text in the three languages; each reader sees
 * theirs. `openType: 'url'` with `openPage` (a console path) gives the reader a 'go handle' button.
 */
export interface SystemNotice {
  tenantId: number;
  userIds: readonly string[];
  title: Words;
  message: Words;
  openType?: 'component' | 'url' | null;
  openPage?: string | null;
  /** What it is about (`command`, `event`, `ticket`) and that record's id, for the reader's console. */
  busType?: string | null;
  busId?: string | null;
  priority?: 'L' | 'M' | 'H';
}

type Add = z.infer<NonNullable<typeof announcementResource.add>>;
type Edit = z.infer<NonNullable<typeof announcementResource.edit>>;

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;
/** A time the form sent (ISO 8601 in UTC, `fields.dateTime`), or none. */
const dateOrNull = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);
/** JeecgBoot's wire form of chosen users: ids comma-joined with a trailing comma. */
const joinUserIds = (ids: readonly string[] | undefined): string | null => (ids && ids.length > 0 ? `${ids.join(',')},` : null);

const notDraft = (what: 'edited' | 'published') =>
  new AppError(ServerCode.OPERATION_FAILED, `Only a draft can be ${what}: this announcement was already published or revoked`, 400);

/**
 * Announcements (spec sections 2, 3, 4 and 7): administrators draft notices for everyone of their
 * tenant or chosen users, publish and revoke them; readers see what was published for them, with
 * their own read marks; the platform sends system messages through `system`. Whoever an
 * announcement reaches hears `announcement.changed` at once.
 */
export const createAnnouncementService = (deps: Dependencies) => {
  const repo = deps.announcements;
  const now = deps.now ?? (() => new Date());
  const kit = createResourceService({ resource: announcementResource, ...repo.screen, dicts: deps.dicts });

  const tell = (userIds: readonly string[], ids: string[]) => {
    if (userIds.length > 0) deps.realtime.toUsers(userIds, 'announcement.changed', { ids });
  };

  /** The chosen users of a USER announcement, each a user of the caller's tenants (else 400 naming `userIds`). */
  const chosenUsers = async (auth: AuthContext, userIds: string | null | undefined): Promise<string[]> => {
    const ids = [...new Set(splitIds(userIds))];
    if (ids.length === 0) throw invalidField('userIds', 'choose at least one user');
    const known = await repo.usersInTenants(ids, auth);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw invalidField('userIds', `no such user: ${unknown.slice(0, 5).join(', ')}`);
    return ids;
  };

  const withUserIds = async <R extends { id: string; msgType: string }>(records: R[]): Promise<(R & { userIds: string | null })[]> => {
    const chosen = await repo.chosenUsers(records.filter((r) => r.msgType === 'USER').map((r) => r.id));
    return records.map((record) => ({ ...record, userIds: record.msgType === 'USER' ? joinUserIds(chosen.get(record.id)) : null }));
  };

  /** The announcement as its reader sees it: a system message in the reader's language. */
  const forReader = (row: ReaderRow, language: Language): UserAnnouncement => {
    const titile = row.titleWords ? wordsIn(row.titleWords, language) : row.titile;
    const message = row.messageWords ? wordsIn(row.messageWords, language) : null;
    return {
      id: row.id,
      anntId: row.id,
      titile,
      msgContent: message === null ? row.msgContent : textToHtml(message),
      msgAbstract: message === null ? row.msgAbstract : plainAbstract(textToHtml(message)),
      sender: row.sender,
      priority: row.priority as UserAnnouncement['priority'],
      msgCategory: row.msgCategory as UserAnnouncement['msgCategory'],
      sendTime: iso(row.sendTime),
      createTime: row.createTime.toISOString(),
      openType: row.openType as UserAnnouncement['openType'],
      openPage: row.openPage,
      busType: row.busType,
      busId: row.busId,
      readFlag: row.readFlag === 1 ? '1' : '0',
      msgId: row.id,
      msgTxt: titile,
    };
  };

  /** A reader's view in the record's shape (the detail dialog reads `queryById`); chosen users are not theirs to see. */
  const readerRecord = (row: ReaderRow, language: Language): AnnouncementRecord => {
    const seen = forReader(row, language);
    return {
      id: row.id,
      titile: seen.titile,
      msgContent: seen.msgContent,
      msgAbstract: seen.msgAbstract,
      sender: row.sender,
      priority: seen.priority,
      msgCategory: seen.msgCategory,
      msgType: row.msgType as AnnouncementRecord['msgType'],
      sendStatus: row.sendStatus as AnnouncementRecord['sendStatus'],
      sendTime: seen.sendTime,
      cancelTime: iso(row.cancelTime),
      startTime: iso(row.startTime),
      endTime: iso(row.endTime),
      userIds: null,
      openType: seen.openType,
      openPage: row.openPage,
      busType: row.busType,
      busId: row.busId,
      createBy: row.createBy,
      createTime: seen.createTime,
      updateBy: row.updateBy,
      updateTime: iso(row.updateTime),
    };
  };

  const draftOf = async (auth: AuthContext, id: string, what: 'edited' | 'published'): Promise<AnnouncementRow> => {
    const row = await repo.find(id, noticesOf(auth));
    if (!row) throw notFound('Announcement', 'id');
    if (row.sendStatus !== SendStatus.Draft) throw notDraft(what);
    return row;
  };

  return {
    resource: announcementResource,

    async list(auth: AuthContext, query: ListQuery, language: Language): Promise<Page<AnnouncementRecord>> {
      const page = await kit.list(auth, query, language);
      return { ...page, records: await withUserIds(page.records) };
    },

    exportSheet: kit.exportSheet,

    /** One announcement: an administrator's notice of their tenant (any status), else one the caller may read. */
    async byId(auth: AuthContext, id: string, language: Language): Promise<AnnouncementRecord> {
      if (auth.permissions.has(announcementResource.permissions.list)) {
        const row = await repo.find(id, noticesOf(auth));
        if (row) return (await withUserIds([await kit.byId(auth, id, language)]))[0] as AnnouncementRecord;
      }
      const readable = await repo.readableOne(auth, id);
      if (!readable) throw notFound('Announcement', 'id');
      return readerRecord(readable, language);
    },

    /** A draft in the caller's tenant; its message keeps only the allow-list's HTML. */
    async add(auth: AuthContext, input: Add): Promise<string> {
      const tenantId = auth.tenantId || (await deps.tenants.activeForUser(auth.userId))[0]?.id;
      if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to announce to');
      const userIds = input.msgType === 'USER' ? await chosenUsers(auth, input.userIds) : [];
      const html = sanitizeRichText(input.msgContent);
      const id = newId();
      await repo.insert(
        {
          id,
          tenantId,
          titile: input.titile,
          msgContent: html,
          msgAbstract: input.msgAbstract || plainAbstract(html),
          priority: input.priority,
          msgCategory: AnnouncementCategory.Notice,
          msgType: input.msgType,
          sendStatus: SendStatus.Draft,
          openType: input.openType ?? null,
          openPage: input.openPage || null,
          startTime: dateOrNull(input.startTime),
          endTime: dateOrNull(input.endTime),
          createBy: auth.username,
          createTime: now(),
        },
        userIds,
      );
      return id;
    },

    /** A draft only (JeecgBoot: a published or revoked announcement is no longer edited). */
    async edit(auth: AuthContext, input: Edit): Promise<void> {
      const row = await draftOf(auth, input.id, 'edited');
      const msgType = input.msgType ?? row.msgType;
      const userIds = msgType === 'ALL' ? [] : input.userIds !== undefined || row.msgType !== 'USER' ? await chosenUsers(auth, input.userIds) : undefined;
      const openType = input.openType === undefined ? row.openType : input.openType;
      const openPage = input.openPage === undefined ? row.openPage : input.openPage || null;
      if (openType === 'url' && !openPage) throw invalidField('openPage', 'is required when the announcement opens a page');
      const startTime = input.startTime === undefined ? row.startTime : dateOrNull(input.startTime);
      const endTime = input.endTime === undefined ? row.endTime : dateOrNull(input.endTime);
      if (startTime && endTime && endTime < startTime) throw invalidField('endTime', 'must not be before the start time');
      const html = input.msgContent === undefined ? undefined : sanitizeRichText(input.msgContent);
      const changed = await repo.update(
        row.id,
        {
          ...(input.titile === undefined ? {} : { titile: input.titile }),
          ...(html === undefined ? {} : { msgContent: html, msgAbstract: plainAbstract(html) }),
          ...(input.msgAbstract ? { msgAbstract: input.msgAbstract } : {}),
          startTime,
          endTime,
          ...(input.priority === undefined ? {} : { priority: input.priority }),
          msgType,
          openType: openType ?? null,
          openPage,
          updateBy: auth.username,
          updateTime: now(),
        },
        { scope: noticesOf(auth), status: SendStatus.Draft, ...(userIds === undefined ? {} : { userIds }) },
      );
      // Published by another administrator in between.
      if (!changed) throw notDraft('edited');
    },

    /** Deleted announcements vanish from the bells of those they had reached. */
    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const rows = await repo.screen.repository.byIds([...new Set(ids)], noticesOf(auth));
      const published = rows.filter((row) => row.sendStatus === SendStatus.Published);
      const audiences = await Promise.all(published.map((row) => repo.audience(row)));
      await kit.remove(auth, ids);
      tell([...new Set(audiences.flat())], published.map((row) => row.id));
    },

    /** `doReleaseData`: a draft goes out to its readers, with the publisher as sender. */
    async publish(auth: AuthContext, id: string): Promise<void> {
      await draftOf(auth, id, 'published');
      const row = await repo.update(id, { sendStatus: SendStatus.Published, sendTime: now(), sender: auth.username, updateBy: auth.username, updateTime: now() }, { scope: noticesOf(auth), status: SendStatus.Draft });
      if (!row) throw notDraft('published');
      tell(await repo.audience(row), [id]);
    },

    /** `doReovkeData`: a published announcement leaves every bell and list. */
    async revoke(auth: AuthContext, id: string): Promise<void> {
      const found = await repo.find(id, noticesOf(auth));
      if (!found) throw notFound('Announcement', 'id');
      const row = found.sendStatus === SendStatus.Published ? await repo.update(id, { sendStatus: SendStatus.Revoked, cancelTime: now(), updateBy: auth.username, updateTime: now() }, { scope: noticesOf(auth), status: SendStatus.Published }) : null;
      if (!row) throw new AppError(ServerCode.OPERATION_FAILED, 'Only a published announcement can be revoked', 400);
      tell(await repo.audience(row), [id]);
    },

    /** The bell: the caller's unread notices and system messages, newest first, and their counts. */
    async listByUser(auth: AuthContext, pageSize: number, language: Language): Promise<ListByUser> {
      const [notices, system] = await Promise.all([repo.unread(auth, AnnouncementCategory.Notice, pageSize), repo.unread(auth, AnnouncementCategory.System, pageSize)]);
      return {
        anntMsgList: notices.rows.map((row) => forReader(row, language)),
        anntMsgTotal: notices.total,
        sysMsgList: system.rows.map((row) => forReader(row, language)),
        sysMsgTotal: system.total,
      };
    },

    /** /isps/userAnnouncement: the caller's announcements, read or not, newest first. */
    async mine(auth: AuthContext, query: { pageNo: number; pageSize: number; titile?: string; readFlag?: string; msgCategory?: string }, language: Language): Promise<Page<UserAnnouncement>> {
      const { rows, total } = await repo.page(
        auth,
        { titile: query.titile || undefined, readFlag: query.readFlag ? Number(query.readFlag) : undefined, category: query.msgCategory || undefined },
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return { records: rows.map((row) => forReader(row, language)), total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
    },

    /** `editByAnntIdAndUserId`: the caller read it (their other tabs' bells follow). */
    async markRead(auth: AuthContext, anntId: string): Promise<void> {
      if (!(await repo.readableOne(auth, anntId))) throw notFound('Announcement', 'anntId');
      await repo.markRead(anntId, auth.userId, now());
      tell([auth.userId], [anntId]);
    },

    async markAllRead(auth: AuthContext): Promise<number> {
      const ids = await repo.markAllRead(auth, now());
      if (ids.length > 0) tell([auth.userId], ids);
      return ids.length;
    },

    /**
     * A system message from the platform (see `SystemNotice`): stored for each recipient and pushed
     * to them at once. Recipients are deduplicated; none sends nothing. The message's id, or null.
     */
    async system(notice: SystemNotice): Promise<string | null> {
      const userIds = [...new Set(notice.userIds)];
      if (userIds.length === 0) return null;
      const id = newId();
      const html = textToHtml(notice.message[0]);
      const at = now();
      await repo.insert(
        {
          id,
          tenantId: notice.tenantId,
          titile: notice.title[0].slice(0, 100),
          msgContent: html,
          msgAbstract: plainAbstract(html),
          sender: null,
          priority: notice.priority ?? 'M',
          msgCategory: AnnouncementCategory.System,
          msgType: 'USER',
          sendStatus: SendStatus.Published,
          sendTime: at,
          openType: notice.openType ?? null,
          openPage: notice.openPage ?? null,
          busType: notice.busType?.slice(0, 32) ?? null,
          busId: notice.busId?.slice(0, 64) ?? null,
          titleWords: notice.title,
          messageWords: notice.message,
          createTime: at,
        },
        userIds,
      );
      tell(userIds, [id]);
      return id;
    },
  };
};

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
