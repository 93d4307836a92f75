import type { eventResource } from '@cellsight/contract';
import { type SQL, and, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { deviceEvents, loggers, stations, users } from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { type ScopeCaller, visibleLoggerGsns } from '../../access/station-scope.js';

/**
 * The listed event's own columns, named with their table: inside the subqueries below a bare name
 * would be read as the subquery's own table's column.
 */
const event = { loggerGsn: sql.raw('"tb_event"."logger_gsn"'), beginTime: sql.raw('"tb_event"."begin_time"'), endTime: sql.raw('"tb_event"."end_time"'), acknowledgedBy: sql.raw('"tb_event"."acknowledged_by"') };

/** What the list shows beside the event's own fields (also the station and open filters of the list). */
export const eventFigures = {
  stationId: sql<string | null>`(select l.station_id from ${loggers} l where l.gsn = ${event.loggerGsn})`,
  stationName: sql<string | null>`(select s.name from ${loggers} l join ${stations} s on s.id = l.station_id where l.gsn = ${event.loggerGsn})`,
  open: sql<boolean>`(${event.endTime} is null)`,
  // Whole seconds; an open event's duration grows until it ends.
  durationSeconds: sql<number>`cast(floor(extract(epoch from (coalesce(${event.endTime}, now()) - ${event.beginTime}))) as integer)`,
  acknowledgedByName: sql<string | null>`(select u.realname from ${users} u where u.id = ${event.acknowledgedBy})`,
};

/** The scope rule for events: those of the loggers the caller sees (`station-scope.ts`). */
export const eventScope = (caller: ScopeCaller): SQL => sql`${deviceEvents.loggerGsn} in ${visibleLoggerGsns(caller)}`;

/** A computed value filtered and sorted like a column (the list-query builder reads either). */
const computedColumn = (expression: SQL) => expression as unknown as AnyPgColumn;

export const createEventRepository = (db: Database) => ({
  /** What the screen kit reads events through: the table with the list's figures, the list's columns and the scope rule. */
  screen: {
    table: deviceEvents,
    repository: createTableRepository(db, deviceEvents, { computed: eventFigures }),
    columns: {
      type: deviceEvents.type,
      code: deviceEvents.code,
      category: deviceEvents.category,
      stationId: computedColumn(eventFigures.stationId),
      loggerGsn: deviceEvents.loggerGsn,
      batterySn: deviceEvents.batterySn,
      open: computedColumn(eventFigures.open),
      beginTime: deviceEvents.beginTime,
    },
    scope: eventScope,
  } satisfies Omit<ResourceServiceOptions<typeof eventResource, typeof deviceEvents>, 'resource' | 'dicts'>,

  /**
   * Acknowledges the events not acknowledged yet, in one transaction: null (nothing written) unless
   * every id is an event within the scope. Answers the events acknowledged now; an event
   * acknowledged before keeps its first acknowledgement.
   */
  async acknowledge(ids: string[], scope: SQL, by: { userId: string; comment: string | null; at: Date }): Promise<{ id: string; loggerGsn: string }[] | null> {
    return db.transaction(async (tx) => {
      const found = await tx.select({ id: deviceEvents.id }).from(deviceEvents).where(and(inArray(deviceEvents.id, ids), scope));
      if (found.length < ids.length) return null;
      return tx
        .update(deviceEvents)
        .set({ acknowledgedBy: by.userId, acknowledgedTime: by.at, ackComment: by.comment })
        .where(and(inArray(deviceEvents.id, ids), scope, isNull(deviceEvents.acknowledgedTime)))
        .returning({ id: deviceEvents.id, loggerGsn: deviceEvents.loggerGsn });
    });
  },
});

export type EventRepository = ReturnType<typeof createEventRepository>;
