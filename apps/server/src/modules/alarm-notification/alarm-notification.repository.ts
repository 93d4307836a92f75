import { type AlarmEventType, type AlarmRule, type Language, defaultAlarmRule } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { alarmDeliveries, alarmRules, alarmSettings, deviceEvents, loggers, stations, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { stationSeenBy } from '../../access/station-scope.js';

/** What a notification is: an alarm by the recipient's own rule, or an escalation to a superior. */
export type AlarmDeliveryKind = 'alarm' | 'escalation';

/** An event claimed for a recipient, with what its mail says. */
export interface ClaimedNotification {
  eventId: string;
  recipientId: string;
  email: string;
  /** The recipient's console language (null before their first sign-in). */
  language: Language | null;
  type: AlarmEventType;
  code: string;
  batterySn: string | null;
  loggerGsn: string;
  beginTime: Date;
  stationName: string;
  tenantId: number;
  ownerName: string | null;
}

const rows = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Postgres arrays of text come back as arrays from pg and PGlite alike; a literal `{a,b}` only from odd drivers. */
const typesOf = (value: unknown): AlarmEventType[] => (Array.isArray(value) ? value : String(value).replace(/[{}]/g, '').split(',').filter(Boolean)) as AlarmEventType[];

export const createAlarmNotificationRepository = (db: Database) => {
  const superior = alias(users, 'superior');
  const ruleUser = alias(users, 'rule_user');

  /**
   * Every rule in force: the saved ones, and the default rule of each user who never saved any.
   * Rules of frozen or deleted users do not count.
   */
  const rulesInForce = sql`(
    select r.user_id, r.station_id, r.event_types, r.delay_minutes, r.escalate_after_minutes from ${alarmRules} r
    union all
    select u.id, null, array[${sql.join(
      defaultAlarmRule.eventTypes.map((type) => sql`${type}`),
      sql`, `,
    )}]::varchar[], ${defaultAlarmRule.delayMinutes}::integer, ${defaultAlarmRule.escalateAfterMinutes}::integer
      from ${users} u where not exists (select 1 from ${alarmSettings} s where s.user_id = u.id)
  )`;

  /**
   * Open, unacknowledged events on a station, with the rule that covers them (the station's row is
   * `tb_station`). Only events that fell due within the last day: a new rule, or a platform back from
   * a long stop, does not mail about faults open for weeks that everybody knows of.
   */
  const coveredEvents = (now: Date, after: SQL, join: SQL = sql``) => sql`
    from ${rulesInForce} rule
    join ${users} ${ruleUser} on ${ruleUser.id} = rule.user_id and ${ruleUser.status} = 1 and ${ruleUser.delFlag} = 0
    join ${deviceEvents} on ${deviceEvents.endTime} is null and ${deviceEvents.acknowledgedTime} is null
      and ${deviceEvents.type} = any(rule.event_types)
      and ${deviceEvents.beginTime} <= ${now.toISOString()}::timestamptz - ${after} * interval '1 minute'
      and ${deviceEvents.beginTime} > ${now.toISOString()}::timestamptz - (${after} + 1440) * interval '1 minute'
    join ${loggers} on ${loggers.gsn} = ${deviceEvents.loggerGsn}
    join ${stations} on ${stations.id} = ${loggers.stationId}
    ${join}
    where (rule.station_id is null or rule.station_id = ${stations.id})
      and ${stationSeenBy({ id: ruleUser.id, accountType: ruleUser.accountType })}`;

  const reachable = (user: typeof ruleUser | typeof superior) => sql`${user.email} is not null and ${user.email} <> '' and ${user.status} = 1 and ${user.delFlag} = 0`;

  const details = async (claimed: { event_id: string; recipient_id: string }[]): Promise<ClaimedNotification[]> => {
    if (claimed.length === 0) return [];
    const eventIds = [...new Set(claimed.map((one) => one.event_id))];
    const recipientIds = [...new Set(claimed.map((one) => one.recipient_id))];
    const owner = alias(users, 'owner');
    const [events, people] = await Promise.all([
      db
        .select({
          id: deviceEvents.id,
          type: deviceEvents.type,
          code: deviceEvents.code,
          batterySn: deviceEvents.batterySn,
          loggerGsn: deviceEvents.loggerGsn,
          beginTime: deviceEvents.beginTime,
          stationName: stations.name,
          tenantId: stations.tenantId,
          ownerName: owner.realname,
        })
        .from(deviceEvents)
        .innerJoin(loggers, eq(loggers.gsn, deviceEvents.loggerGsn))
        .innerJoin(stations, eq(stations.id, loggers.stationId))
        .leftJoin(owner, eq(owner.id, stations.ownerId))
        .where(inArray(deviceEvents.id, eventIds)),
      db.select({ id: users.id, email: users.email, language: users.language }).from(users).where(inArray(users.id, recipientIds)),
    ]);
    const eventById = new Map(events.map((event) => [event.id, event]));
    const personById = new Map(people.map((person) => [person.id, person]));
    return claimed.flatMap(({ event_id: eventId, recipient_id: recipientId }) => {
      const event = eventById.get(eventId);
      const person = personById.get(recipientId);
      if (!event || !person?.email) return [];
      const { id: _id, type, ...rest } = event;
      return [{ eventId, recipientId, email: person.email, language: person.language, type: type as AlarmEventType, ...rest }];
    });
  };

  return {
    /** The user's saved rules of stations they still see (or all stations), and whether they saved any. */
    async rulesOf(userId: string, visibleStation: SQL): Promise<{ custom: boolean; hasEmail: boolean; rules: (AlarmRule & { stationName: string | null })[] }> {
      const [user] = await db
        .select({ email: users.email, custom: sql<boolean>`exists (select 1 from ${alarmSettings} where ${alarmSettings.userId} = ${users.id})` })
        .from(users)
        .where(eq(users.id, userId));
      const saved = await db
        .select({
          stationId: alarmRules.stationId,
          stationName: stations.name,
          eventTypes: alarmRules.eventTypes,
          delayMinutes: alarmRules.delayMinutes,
          escalateAfterMinutes: alarmRules.escalateAfterMinutes,
        })
        .from(alarmRules)
        .leftJoin(stations, eq(stations.id, alarmRules.stationId))
        .where(and(eq(alarmRules.userId, userId), or(isNull(alarmRules.stationId), visibleStation)))
        .orderBy(sql`${alarmRules.stationId} is not null`, asc(stations.name));
      return {
        custom: Boolean(user?.custom),
        hasEmail: Boolean(user?.email),
        rules: saved.map((rule) => ({ ...rule, eventTypes: typesOf(rule.eventTypes) })),
      };
    },

    /** Those of `stationIds` that satisfy `visible` (the caller's scope). */
    async visibleStations(stationIds: string[], visible: SQL): Promise<Set<string>> {
      if (stationIds.length === 0) return new Set();
      const found = await db.select({ id: stations.id }).from(stations).where(and(inArray(stations.id, stationIds), visible));
      return new Set(found.map((one) => one.id));
    },

    /** Replaces the user's rules, all or nothing; from now on they, not the default, are in force. */
    async replaceRules(userId: string, rules: AlarmRule[], at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(alarmRules).where(eq(alarmRules.userId, userId));
        if (rules.length > 0) {
          await tx.insert(alarmRules).values(
            rules.map((rule) => ({
              id: newId(),
              userId,
              stationId: rule.stationId,
              eventTypes: [...rule.eventTypes],
              delayMinutes: rule.delayMinutes,
              escalateAfterMinutes: rule.escalateAfterMinutes,
            })),
          );
        }
        await tx.insert(alarmSettings).values({ userId, updateTime: at }).onConflictDoUpdate({ target: alarmSettings.userId, set: { updateTime: at } });
      });
    },

    /**
     * Claims the alarms due at `now`: open, unacknowledged events on stations the rule's user sees,
     * of a type and station a rule covers, open longer than its delay, for users with an e-mail
     * address. Each claim is a row inserted (and committed) before anything is sent; a pair claimed
     * before, by this process or another, is skipped by the key, so only the winner sends.
     */
    async claimAlarms(now: Date): Promise<ClaimedNotification[]> {
      const claimed = await rows<{ event_id: string; recipient_id: string }>(
        db,
        sql`insert into ${alarmDeliveries} (event_id, recipient_id, kind)
          select distinct ${deviceEvents.id}, ${ruleUser.id}, 'alarm'
          ${coveredEvents(now, sql`rule.delay_minutes`)}
            and ${reachable(ruleUser)}
          on conflict do nothing
          returning event_id, recipient_id`,
      );
      return details(claimed);
    },

    /**
     * Claims the escalations due at `now`: faults still open and unacknowledged longer than a
     * rule's escalation time go to that rule's user's superiors (installer, and the distributor
     * above), each once, when they see the station and have an e-mail address.
     */
    async claimEscalations(now: Date): Promise<ClaimedNotification[]> {
      const claimed = await rows<{ event_id: string; recipient_id: string }>(
        db,
        sql`insert into ${alarmDeliveries} (event_id, recipient_id, kind)
          select distinct ${deviceEvents.id}, ${superior.id}, 'escalation'
          ${coveredEvents(
            now,
            sql`rule.escalate_after_minutes`,
            // The rule user's superior and the superior's own (end user → installer → distributor).
            sql`join ${users} ${superior} on ${superior.id} in (${ruleUser.superiorId}, (select p.superior_id from ${users} p where p.id = ${ruleUser.superiorId}))`,
          )}
            and rule.escalate_after_minutes is not null and ${deviceEvents.type} = 'fault'
            and ${reachable(superior)}
            and ${stationSeenBy({ id: superior.id, accountType: superior.accountType })}
          on conflict do nothing
          returning event_id, recipient_id`,
      );
      return details(claimed);
    },
  };
};

export type AlarmNotificationRepository = ReturnType<typeof createAlarmNotificationRepository>;
