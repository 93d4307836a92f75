import {
  type Language,
  defaultLanguage,
  Permission,
  ServerCode,
  type ServerEventMap,
  type TicketRecord,
  type TicketThread,
  type TicketThreadEntry,
  fillWords,
  fillWordsIn,
  type ticketAddSchema,
  type ticketCloseSchema,
  ticketHandlerActionNames,
  ticketHandlerActions,
  ticketLimits,
  ticketMail,
  ticketNotice,
  type ticketReplySchema,
  ticketResource,
  type ticketTransitionSchema,
  wordsIn,
} from '@cellsight/contract';
import type { z } from 'zod';
import { AppError, badRequest, invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { SystemNotice } from '../announcement/announcement.plugin.js';
import type { DictService } from '../dict/dict.service.js';
import type { UploadChecks } from '../file/index.js';
import { visibleStationIds } from '../../access/station-scope.js';
import { type TicketParty, type TicketRepository, type TicketRow, ticketScope } from './ticket.repository.js';

// The file module checks a ticket's attachments with the ticket scope.

/** A mail to one account about a ticket. */
export interface TicketMail {
  tenantId: number;
  to: string;
  subject: string;
  text: string;
  createBy: string;
}

export interface TicketServiceDeps {
  tickets: TicketRepository;
  files: Pick<UploadChecks, 'uploadedBy'>;
  dicts: DictService;
  platformName: string;
  /** The installation's address (PUBLIC_URL): mail links to a ticket start with it; null, mail carries no link. */
  publicUrl: string | null;
  /** Sends one mail (the outbox); failures are the caller's to log, never the request's. */
  mail(message: TicketMail): Promise<unknown>;
  /** Tells the consoles of these users, and the tenant's administrators, that the ticket changed. */
  live(tenantId: number, userIds: string[], data: ServerEventMap['ticket.changed']): void;
  /** A system message in the bell of these users (`app.notices.system`). */
  notify(notice: SystemNotice): Promise<unknown>;
  /** A mail or message that could not be written or sent. */
  warn(error: unknown, what: string): void;
  /** The next order number (the fill rule `ticket_order_num`: WO + yyyyMMdd + the day's six-digit counter). */
  orderNumber(): Promise<string>;
}

/** Mail is in the language of the recipient's latest sign-in, else the platform's default. */
const mailLanguage = (party: TicketParty): Language => party.language ?? defaultLanguage;


export const createTicketService = (deps: TicketServiceDeps) => {
  const kit = createResourceService({ resource: ticketResource, repository: deps.tickets.table, ...deps.tickets.screen, dicts: deps.dicts, scope: ticketScope });

  /** The ticket within the caller's scope, else 404 (naming `field` when given). */
  const visibleTicket = async (auth: AuthContext, id: string, field?: string): Promise<TicketRow> => {
    const ticket = await deps.tickets.visible(id, ticketScope(auth));
    if (!ticket) throw notFound('ticket', field);
    return ticket;
  };

  /** Attachments must be files the caller uploaded with biz=ticket, together at most 20 MB. */
  const checkAttachments = async (auth: AuthContext, paths: string[]) => {
    const stored = await deps.files.uploadedBy(paths, 'ticket', auth.userId);
    const missing = paths.filter((path) => !stored.some((file) => file.path === path));
    if (missing.length > 0) throw invalidField('attachments', `must be files you uploaded through /sys/common/upload with biz=ticket (${missing.join(', ')})`);
    const bytes = stored.reduce((sum, file) => sum + file.size, 0);
    if (bytes > ticketLimits.attachmentsBytesMax) throw invalidField('attachments', `must together be at most ${ticketLimits.attachmentsBytesMax / 1024 / 1024} MB`);
  };

  const isHandler = (auth: AuthContext, ticket: TicketRow) => ticket.submitterId !== auth.userId && auth.permissions.has(Permission.TicketHandle);
  const isCloser = (auth: AuthContext, ticket: TicketRow) => ticket.submitterId === auth.userId && auth.permissions.has(Permission.TicketClose);

  /** Who handles the ticket: the accounts above its submitter who see its station, else the tenant's administrators. */
  const handlersOf = async (ticket: Pick<TicketRow, 'submitterId' | 'stationId' | 'tenantId'>): Promise<TicketParty[]> => {
    const above = await deps.tickets.handlers(ticket.submitterId, ticket.stationId);
    return above.length > 0 ? above : deps.tickets.administrators(ticket.tenantId);
  };

  /** Mails each recipient with an address, in its language; a failure is logged, never the request's. */
  const mailTo = (recipients: TicketParty[], tenantId: number, createBy: string, compose: (language: Language) => { subject: string; text: string }) => {
    for (const party of recipients) {
      if (!party.email) continue;
      const { subject, text } = compose(mailLanguage(party));
      deps.mail({ tenantId, to: party.email, subject, text, createBy }).catch((error: unknown) => deps.warn(error, `ticket mail to ${party.username}`));
    }
  };

  /**
   * A mail body, ended by the link to the ticket when the installation's address is configured. Never
   * from the request: its Host is whatever the caller sent (Host: phish.invalid would send handlers there).
   */
  const withLink = (body: string, id: string, language: Language) =>
    deps.publicUrl ? `${body}\n\n${fillWordsIn(ticketMail.linkLine, { link: `${deps.publicUrl}/worklist/detail?id=${encodeURIComponent(id)}` }, language)}` : body;

  /**
   * Everyone of the ticket (submitter and handlers) hears of the change live, and so do the tenant's
   * administrators; everyone of it but `actor` also finds it in the bell's system messages.
   */
  const tell = async (
    ticket: Pick<TicketRow, 'id' | 'orderNo' | 'title' | 'status' | 'submitterId' | 'stationId' | 'tenantId'>,
    change: ServerEventMap['ticket.changed']['change'],
    actor: AuthContext,
    handlers?: TicketParty[],
  ) => {
    const side = handlers ?? (await handlersOf(ticket));
    const parties = [ticket.submitterId, ...side.map((party) => party.id)];
    deps.live(ticket.tenantId, parties, { id: ticket.id, orderNo: ticket.orderNo, status: ticket.status, change });
    const values = { orderNo: ticket.orderNo, title: ticket.title, author: actor.realname || actor.username, status: ticketNotice.statuses[ticket.status] };
    deps
      .notify({
        tenantId: ticket.tenantId,
        userIds: [...new Set(parties)].filter((id) => id !== actor.userId),
        title: fillWords(ticketNotice[change].title, values),
        message: fillWords(ticketNotice[change].message, values),
        openType: 'url',
        openPage: `/worklist/detail?id=${encodeURIComponent(ticket.id)}`,
        busType: 'ticket',
        busId: ticket.id,
      })
      .catch((error: unknown) => deps.warn(error, `ticket notice for ${ticket.orderNo}`));
  };

  const moveOrRefuse = async (ticket: TicketRow, from: TicketRow['status'], to: TicketRow['status'], field: string, moved: Promise<boolean>) => {
    if (!(await moved)) throw badRequest(ServerCode.OPERATION_FAILED, `${field}: the ticket is ${ticket.status} no more (it was moved meanwhile)`, [{ field, message: `the ticket is not ${from} any more` }]);
    return { ...ticket, status: to };
  };

  return {
    resource: kit.resource,
    list: kit.list,
    byId: async (auth: AuthContext, id: string, language: Language): Promise<TicketRecord> => kit.byId(auth, id, language),
    exportSheet: kit.exportSheet,

    /**
     * Files a ticket on a station the caller sees (404 naming `stationId` otherwise, as for one that
     * does not exist), with files the caller uploaded; its handlers hear of it live and by mail.
     */
    async add(auth: AuthContext, input: z.output<typeof ticketAddSchema>): Promise<{ id: string; orderNo: string }> {
      const station = await deps.tickets.visibleStation(input.stationId, visibleStationIds(auth));
      if (!station) throw notFound('station', 'stationId');
      await checkAttachments(auth, input.attachments);
      const { id, orderNo } = await deps.tickets.create({ ...input, tenantId: station.tenantId, submitterId: auth.userId, createBy: auth.username }, await deps.orderNumber());
      const ticket = { id, orderNo, status: 'pending' as const, submitterId: auth.userId, stationId: station.id, tenantId: station.tenantId };
      const handlers = await handlersOf(ticket);
      await tell({ ...ticket, title: input.title }, 'created', auth, handlers);
      mailTo(handlers, station.tenantId, auth.username, (language) => {
        const values = {
          platform: deps.platformName,
          orderNo,
          title: input.title,
          station: station.name,
          author: auth.realname || auth.username,
          category: wordsIn(ticketMail.category[input.category], language),
          contact: input.contact,
          mobile: input.contact_mobile,
          text: input.description,
        };
        return { subject: fillWordsIn(ticketMail.createdSubject, values, language), text: withLink(fillWordsIn(ticketMail.createdBody, values, language), id, language) };
      });
      return { id, orderNo };
    },

    /** The thread and what the caller may do now. */
    async thread(auth: AuthContext, id: string): Promise<TicketThread> {
      const ticket = await visibleTicket(auth, id);
      const entries: TicketThreadEntry[] = (await deps.tickets.entries(id)).map((entry) => ({ ...entry, createTime: entry.createTime.toISOString() }));
      const open = ticket.status !== 'completed';
      const write = !auth.demo;
      return {
        entries,
        actions: write && isHandler(auth, ticket) ? ticketHandlerActionNames.filter((action) => ticketHandlerActions[action].from === ticket.status) : [],
        canReply: write && open,
        canClose: write && open && isCloser(auth, ticket),
      };
    },

    /** A reply in an open ticket's thread; the other side hears of it live and by mail. */
    async reply(auth: AuthContext, input: z.output<typeof ticketReplySchema>): Promise<string> {
      const ticket = await visibleTicket(auth, input.ticketId, 'ticketId');
      if (ticket.status === 'completed') throw badRequest(ServerCode.OPERATION_FAILED, 'ticketId: the ticket is closed', [{ field: 'ticketId', message: 'the ticket is closed' }]);
      await checkAttachments(auth, input.attachments);
      const entryId = await deps.tickets.reply({ ticketId: ticket.id, action: null, status: null, content: input.content, attachments: input.attachments, authorId: auth.userId }, auth.username);
      const handlers = await handlersOf(ticket);
      await tell(ticket, 'replied', auth, handlers);
      // The other side: the handlers when the submitter writes, else the submitter.
      const recipients = auth.userId === ticket.submitterId ? handlers : await deps.tickets.parties([ticket.submitterId]);
      mailTo(recipients, ticket.tenantId, auth.username, (language) => {
        const values = { platform: deps.platformName, orderNo: ticket.orderNo, title: ticket.title, author: auth.realname || auth.username, text: input.content };
        return { subject: fillWordsIn(ticketMail.repliedSubject, values, language), text: withLink(fillWordsIn(ticketMail.repliedBody, values, language), ticket.id, language) };
      });
      return entryId;
    },

    /**
     * The handling side moves the ticket on: accept (pending → processing), start (processing →
     * in_progress), finish (in_progress → pending_review). Only the accounts above the submitter and
     * administrators may (403 for the submitter); from any other status, 400 naming `action`.
     */
    async transition(auth: AuthContext, input: z.output<typeof ticketTransitionSchema>): Promise<TicketRow['status']> {
      const ticket = await visibleTicket(auth, input.id, 'id');
      if (!isHandler(auth, ticket)) throw new AppError(ServerCode.NO_PERMISSION, `Only the submitter's installer or distributor, or an administrator, may ${input.action} this ticket`, 403);
      const { from, to } = ticketHandlerActions[input.action];
      if (ticket.status !== from) throw badRequest(ServerCode.OPERATION_FAILED, `action: a ${ticket.status} ticket cannot be ${input.action}ed (only a ${from} one)`, [{ field: 'action', message: `needs a ${from} ticket; this one is ${ticket.status}` }]);
      const entry = { ticketId: ticket.id, action: input.action, status: to, content: input.content || null, attachments: [], authorId: auth.userId };
      const moved = await moveOrRefuse(ticket, from, to, 'action', deps.tickets.move(ticket.id, from, to, entry, {}, auth.username));
      await tell(moved, 'status', auth);
      return to;
    },

    /** The submitter closes the ticket with a rating (spec section 4), from any status but completed. */
    async close(auth: AuthContext, input: z.output<typeof ticketCloseSchema>): Promise<void> {
      const ticket = await visibleTicket(auth, input.id, 'id');
      if (!isCloser(auth, ticket)) throw new AppError(ServerCode.NO_PERMISSION, 'Only the submitter may close this ticket', 403);
      if (ticket.status === 'completed') throw badRequest(ServerCode.OPERATION_FAILED, 'id: the ticket is closed already', [{ field: 'id', message: 'the ticket is closed already' }]);
      const entry = { ticketId: ticket.id, action: 'close' as const, status: 'completed' as const, content: input.content || null, attachments: [], authorId: auth.userId };
      const values = { resolved: input.resolved, speedRating: input.speedRating, attitudeRating: input.attitudeRating, closeTime: new Date() };
      const moved = await moveOrRefuse(ticket, ticket.status, 'completed', 'id', deps.tickets.move(ticket.id, ticket.status, 'completed', entry, values, auth.username));
      await tell(moved, 'status', auth);
    },
  };
};

export type TicketService = ReturnType<typeof createTicketService>;
