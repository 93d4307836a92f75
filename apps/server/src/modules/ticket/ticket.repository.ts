import { AccountType, type Language, type TicketStatus, type TicketThreadAction } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { stations, ticketEntries, tickets, userTenants, users } from '../../db/schema.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { type ScopeCaller, visibleStationIds } from '../../access/station-scope.js';
import { callerTenantIds } from '../../access/tenant-scope.js';
import { newId } from '../../lib/ids.js';

/** What the list shows beside the ticket's own fields: the station's and the submitter's names. */
export const ticketFigures = {
  stationName: sql<string | null>`(select s.name from ${stations} s where s.id = "tb_ticket"."station_id")`,
  submitterName: sql<string | null>`(select coalesce(nullif(u.realname, ''), u.username) from ${users} u where u.id = "tb_ticket"."submitter_id")`,
};

/** An account a ticket tells something: who, and where mail reaches it. */
export interface TicketParty {
  id: string;
  username: string;
  realname: string;
  email: string | null;
  /** The console language of their latest sign-in (null before the first). */
  language: Language | null;
}

export type TicketRow = typeof tickets.$inferSelect;

export interface NewTicket {
  tenantId: number;
  title: string;
  category: TicketRow['category'];
  stationId: string;
  contact: string;
  contact_mobile: string;
  description: string;
  attachments: string[];
  submitterId: string;
  createBy: string;
}

export interface NewEntry {
  ticketId: string;
  action: TicketThreadAction | null;
  status: TicketStatus | null;
  content: string | null;
  attachments: string[];
  authorId: string;
}

/**
 * The scope rule for tickets: an administrator sees every ticket of its tenants; anyone else the
 * tickets it filed and those of the accounts below it (its end users, its installers' end users),
 * and only while it sees the ticket's station (`station-scope.ts`). Outside it a ticket is 404.
 */
export const ticketScope = (caller: ScopeCaller): SQL => {
  const inTenants = sql`${tickets.tenantId} in ${callerTenantIds(caller)}`;
  if (caller.accountType === AccountType.Admin) return inTenants;
  const below = sql`(select u.id from ${users} u where u.superior_id = ${caller.userId}
    union all select u.id from ${users} u join ${users} s on s.id = u.superior_id where s.superior_id = ${caller.userId})`;
  return sql`(${inTenants} and ${tickets.stationId} in ${visibleStationIds(caller)} and (${tickets.submitterId} = ${caller.userId} or ${tickets.submitterId} in ${below}))`;
};

const partyColumns = { id: users.id, username: users.username, realname: users.realname, email: users.email, language: users.language };
const active = and(eq(users.status, 1), eq(users.delFlag, 0));

export const createTicketRepository = (db: Database) => {
  const insertEntry = async (entry: NewEntry, tx: Pick<Database, 'insert'> = db): Promise<string> => {
    const id = newId();
    await tx.insert(ticketEntries).values({ id, ...entry });
    return id;
  };

  return {
    /** The kit's reads of tickets, with the station's and the submitter's names. */
    table: createTableRepository(db, tickets, { computed: ticketFigures }),

    /** The Tickets screen on the kit: its table and the column each list column reads. */
    screen: {
      table: tickets,
      columns: {
        orderNo: tickets.orderNo,
        title: tickets.title,
        category: tickets.category,
        stationId: tickets.stationId,
        status: tickets.status,
        createBy: tickets.createBy,
        createTime: tickets.createTime,
        updateTime: tickets.updateTime,
      },
    },

    /** A station within the scope (the caller may see it), with its tenant; null outside or unknown. */
    async visibleStation(stationId: string, scope: SQL): Promise<{ id: string; tenantId: number; name: string } | null> {
      const [row] = await db
        .select({ id: stations.id, tenantId: stations.tenantId, name: stations.name })
        .from(stations)
        .where(sql`${eq(stations.id, stationId)} and ${stations.id} in ${scope}`)
        .limit(1);
      return row ?? null;
    },

    /** One ticket within the scope; null outside it or unknown. */
    /** Whether `path` is an attachment of a ticket, or of a reply in one, that `scope` (the ticket scope) lets the caller see. */
    async holdsVisibleAttachment(path: string, scope: SQL): Promise<boolean> {
      const held = sql`(${tickets.attachments} @> jsonb_build_array(${path}::text)
        or exists (select 1 from ${ticketEntries} where ${ticketEntries.ticketId} = ${tickets.id} and ${ticketEntries.attachments} @> jsonb_build_array(${path}::text)))`;
      const [row] = await db.select({ id: tickets.id }).from(tickets).where(and(held, scope)).limit(1);
      return row !== undefined;
    },
    async visible(id: string, scope: SQL): Promise<TicketRow | null> {
      const [row] = await db.select().from(tickets).where(and(eq(tickets.id, id), scope)).limit(1);
      return row ?? null;
    },

    /** Stores the ticket and the first entry of its thread together, under the order number the fill rule gave. */
    async create(ticket: NewTicket, orderNo: string): Promise<{ id: string; orderNo: string }> {
      const id = newId();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tickets)
          .values({
            id,
            ...ticket,
            status: 'pending',
            orderNo,
          })
          .returning({ orderNo: tickets.orderNo });
        await insertEntry({ ticketId: id, action: 'create', status: 'pending', content: null, attachments: [], authorId: ticket.submitterId }, tx);
        return { id, orderNo: row!.orderNo };
      });
    },

    /**
     * Moves the ticket from `from` to `to` and records the move in its thread, in one transaction;
     * false when the ticket was not in `from` any more (another console moved it first).
     */
    async move(id: string, from: TicketStatus, to: TicketStatus, entry: NewEntry, values: Partial<Pick<TicketRow, 'resolved' | 'speedRating' | 'attitudeRating' | 'closeTime'>>, by: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(tickets)
          .set({ status: to, ...values, updateBy: by, updateTime: new Date() })
          .where(and(eq(tickets.id, id), eq(tickets.status, from)))
          .returning({ id: tickets.id });
        if (moved.length === 0) return false;
        await insertEntry(entry, tx);
        return true;
      });
    },

    /** A reply in the thread; the ticket's update time says something happened. */
    async reply(entry: NewEntry, by: string): Promise<string> {
      return db.transaction(async (tx) => {
        const entryId = await insertEntry(entry, tx);
        await tx.update(tickets).set({ updateBy: by, updateTime: new Date() }).where(eq(tickets.id, entry.ticketId));
        return entryId;
      });
    },

    /** The thread, oldest first, with each author's name. */
    async entries(ticketId: string) {
      return db
        .select({
          id: ticketEntries.id,
          action: ticketEntries.action,
          status: ticketEntries.status,
          content: ticketEntries.content,
          attachments: ticketEntries.attachments,
          authorId: ticketEntries.authorId,
          authorName: sql<string | null>`coalesce(nullif(${users.realname}, ''), ${users.username})`,
          createTime: ticketEntries.createTime,
        })
        .from(ticketEntries)
        .leftJoin(users, eq(users.id, ticketEntries.authorId))
        .where(eq(ticketEntries.ticketId, ticketId))
        .orderBy(asc(ticketEntries.createTime), asc(ticketEntries.id));
    },

    /**
     * The handling side of a submitter's ticket: the active accounts above the submitter (its
     * installer, that installer's distributor) who see the ticket's station.
     */
    async handlers(submitterId: string, stationId: string): Promise<TicketParty[]> {
      const above = sql`(select s.superior_id from ${users} s where s.id = ${submitterId}
        union select p.superior_id from ${users} s join ${users} p on p.id = s.superior_id where s.id = ${submitterId})`;
      return db
        .select(partyColumns)
        .from(users)
        .where(
          and(
            active,
            sql`${users.id} in ${above}`,
            sql`exists (select 1 from ${stations} s where s.id = ${stationId} and (s.owner_id = ${users.id} or s.installer_id = ${users.id} or s.distributor_id = ${users.id}))`,
          ),
        );
    },

    /** The tenant's active administrators (who handle a ticket nobody above its submitter can). */
    async administrators(tenantId: number): Promise<TicketParty[]> {
      return db
        .select(partyColumns)
        .from(users)
        .innerJoin(userTenants, eq(userTenants.userId, users.id))
        .where(and(active, eq(userTenants.tenantId, tenantId), eq(users.accountType, AccountType.Admin)));
    },

    async parties(ids: string[]): Promise<TicketParty[]> {
      if (ids.length === 0) return [];
      return db.select(partyColumns).from(users).where(and(active, inArray(users.id, ids)));
    },
  };
};

export type TicketRepository = ReturnType<typeof createTicketRepository>;
