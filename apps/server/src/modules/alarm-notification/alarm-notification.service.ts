import {
  type AlarmRules,
  type AlarmRulesEdit,
  type Language,
  type Words,
  alarmMails,
  defaultAlarmRule,
  defaultLanguage,
  eventCatalogue,
  fillWords,
  fillWordsIn,
} from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { Notices } from '../announcement/announcement.plugin.js';
import type { DictService } from '../dict/dict.service.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { stationCondition } from '../../access/station-scope.js';
import type { AlarmNotificationRepository, ClaimedNotification } from './alarm-notification.repository.js';

interface Dependencies {
  repository: AlarmNotificationRepository;
  outbox: Pick<OutboxService, 'sendMail'>;
  notices: Notices;
  dicts: Pick<DictService, 'translator'>;
  platformName: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Events listed in one mail; the rest are counted. */
const linesPerMail = 20;

/** A recipient's mail is in the language of their latest sign-in, else the platform's default. */
const languageOf = (recipient: { language: Language | null }): Language => recipient.language ?? defaultLanguage;

const minuteText = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

const catalogueName = (code: string): Words | undefined => (eventCatalogue as Record<string, { name: Words }>)[code]?.name;

/** What the event is on: its battery, or its logger for a logger's own event. */
const targetOf = (event: ClaimedNotification): Words =>
  event.batterySn ? fillWords(alarmMails.battery, { sn: event.batterySn }) : fillWords(alarmMails.logger, { gsn: event.loggerGsn });

/** What a delivery run did: events claimed per kind and mails handed to the outbox. */
export interface DeliveryReport {
  alarms: number;
  escalations: number;
  mails: number;
}

/**
 * Alarm notifications: each user's rules, and the delivery run the scheduler calls every minute
 * (tests call `deliver(now)` with the time they want). Every (event, recipient, kind) is claimed
 * in the database before its mail is written, so a second run or a second process sends nothing
 * again; a mail that then fails stays in the outbox as failed rather than being sent twice.
 */
export const createAlarmNotificationService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());

  /** One mail per recipient and tenant, listing the events claimed for them in this run. */
  const mailOut = async (claimed: ClaimedNotification[], kind: 'alarm' | 'escalation'): Promise<number> => {
    const groups = new Map<string, ClaimedNotification[]>();
    for (const one of claimed) {
      const key = `${one.recipientId}\u0000${one.tenantId}`;
      groups.set(key, [...(groups.get(key) ?? []), one]);
    }
    let mails = 0;
    for (const group of groups.values()) {
      const first = group[0]!;
      const language = languageOf(first);
      const typeName = await deps.dicts.translator(language);
      const valuesOf = (event: ClaimedNotification) => ({
        platform: deps.platformName,
        type: typeName('event_type', event.type) ?? event.type,
        code: event.code,
        name: catalogueName(event.code) ?? event.code,
        station: event.stationName,
        user: event.ownerName ?? '-',
        target: targetOf(event),
        begin: minuteText(event.beginTime),
        count: String(group.length),
      });
      const say = (words: Words, values: Record<string, string | Words>) => fillWordsIn(words, values, language);
      // Oldest first; same-minute events by station and code, so a mail reads the same however the rows came.
      const sorted = [...group].sort((a, b) => a.beginTime.getTime() - b.beginTime.getTime() || a.stationName.localeCompare(b.stationName) || a.code.localeCompare(b.code));
      const subject =
        group.length === 1
          ? say(kind === 'alarm' ? alarmMails.alarmSubjectOne : alarmMails.escalationSubjectOne, valuesOf(first))
          : say(kind === 'alarm' ? alarmMails.alarmSubjectMany : alarmMails.escalationSubjectMany, valuesOf(first));
      const lines = sorted.slice(0, linesPerMail).map((event) => say(kind === 'alarm' ? alarmMails.line : alarmMails.escalationLine, valuesOf(event)));
      if (sorted.length > linesPerMail) lines.push(say(alarmMails.more, { count: String(sorted.length - linesPerMail) }));
      const text = [say(kind === 'alarm' ? alarmMails.alarmIntro : alarmMails.escalationIntro, {}), '', ...lines, '', say(alarmMails.outro, {})].join('\n');
      try {
        await deps.outbox.sendMail(first.tenantId, { to: first.email, subject, text }, null);
        mails++;
      } catch (error) {
        // The outbox keeps what it could; a mail that cannot even be written is logged, not retried (it was claimed).
        deps.log.warn({ err: error }, `could not write the alarm mail to ${first.recipientId}`);
      }
    }
    return mails;
  };

  /**
   * The bell's system message for an escalated fault, to the superiors it went to. The device
   * plane already tells everyone who sees the station when a fault opens; this says something new:
   * nobody acknowledged it in time.
   */
  const noticeEscalations = async (claimed: ClaimedNotification[]) => {
    const byEvent = new Map<string, ClaimedNotification[]>();
    for (const one of claimed) byEvent.set(one.eventId, [...(byEvent.get(one.eventId) ?? []), one]);
    for (const [eventId, group] of byEvent) {
      const event = group[0]!;
      const values = {
        station: event.stationName,
        user: event.ownerName ?? '-',
        code: event.code,
        target: targetOf(event),
      };
      await deps.notices
        .system({
          tenantId: event.tenantId,
          userIds: group.map((one) => one.recipientId),
          title: fillWords(alarmMails.escalationNoticeTitle, values),
          message: fillWords(alarmMails.escalationNotice, values),
          openType: 'url',
          openPage: '/site/events',
          busType: 'event',
          busId: eventId,
          priority: 'H',
        })
        .catch((error: unknown) => deps.log.warn({ err: error }, `could not post the escalation of event ${eventId}`));
    }
  };

  /** The caller's rules in force: their saved ones, or the default rule while they never saved any. */
  const rules = async (auth: AuthContext): Promise<AlarmRules> => {
    const found = await deps.repository.rulesOf(auth.userId, stationCondition(auth));
    if (found.custom) return found;
    return { ...found, rules: [{ ...defaultAlarmRule, eventTypes: [...defaultAlarmRule.eventTypes], stationId: null, stationName: null }] };
  };

  return {
    rules,

    /** Replaces the caller's rules; a station outside the caller's scope (or unknown) answers 404 and nothing is written. */
    async saveRules(auth: AuthContext, input: AlarmRulesEdit): Promise<AlarmRules> {
      const stationIds = input.rules.flatMap((rule) => (rule.stationId === null ? [] : [rule.stationId]));
      const visible = await deps.repository.visibleStations(stationIds, stationCondition(auth));
      const outside = input.rules.findIndex((rule) => rule.stationId !== null && !visible.has(rule.stationId));
      if (outside >= 0) throw notFound('Station', `rules[${outside}].stationId`);
      await deps.repository.replaceRules(auth.userId, input.rules, now());
      return rules(auth);
    },

    /** One delivery run at `now`: alarms first, then escalations; each notification at most once. */
    async deliver(at: Date = now()): Promise<DeliveryReport> {
      const alarms = await deps.repository.claimAlarms(at);
      const escalations = await deps.repository.claimEscalations(at);
      const mails = (await mailOut(alarms, 'alarm')) + (await mailOut(escalations, 'escalation'));
      await noticeEscalations(escalations);
      return { alarms: alarms.length, escalations: escalations.length, mails };
    },
  };
};

export type AlarmNotificationService = ReturnType<typeof createAlarmNotificationService>;
