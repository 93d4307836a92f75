import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import type { Words } from './resource.js';
import { text } from './text.js';

/**
 * Alarm notifications (issue 11, beyond the spec): each user's rules of which open events reach them
 * by mail, after what delay, and whether an unacknowledged fault escalates to their installer and
 * distributor. Rules add up: an event reaches a user when any of their rules covers it.
 */

/** The event types a rule may ask for (normal events never notify). */
export const alarmEventTypes = ['fault', 'protect', 'warning'] as const;
export type AlarmEventType = (typeof alarmEventTypes)[number];

/** A week: long enough for any delay worth waiting, short enough to stay a plain integer of minutes. */
export const alarmMinutesMax = 7 * 24 * 60;
/** Rules per user: one for all stations and one per station is plenty for a screen of them. */
export const alarmRulesMax = 50;

const minutes = (least: number) =>
  z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(least, `must be ${least} or more`)
    .max(alarmMinutesMax, `must be at most ${alarmMinutesMax} (a week)`);

/** One rule: a station the user sees (null: all of them), the event types, the delay and the escalation. */
export const alarmRuleSchema = z
  .object({
    stationId: text().min(1, 'is required').max(32, 'is too long').nullable(),
    eventTypes: z
      .array(z.enum(alarmEventTypes, { error: `must be one of ${alarmEventTypes.join(', ')}` }))
      .min(1, 'choose at least one event type')
      .refine((types) => new Set(types).size === types.length, 'names a type twice'),
    /** Mail only when the event is still open this many minutes after it began (0: at once). */
    delayMinutes: minutes(0),
    /** A fault nobody acknowledged this many minutes after it began goes to the user's superiors too; null: never. */
    escalateAfterMinutes: minutes(1).nullable(),
  })
  .strict()
  .superRefine((rule, context) => {
    if (rule.escalateAfterMinutes !== null && !rule.eventTypes.includes('fault')) {
      context.addIssue({ code: 'custom', path: ['escalateAfterMinutes'], message: 'escalation is for faults: include the fault type or turn it off' });
    }
  });
export type AlarmRule = z.infer<typeof alarmRuleSchema>;

/** `PUT /sys/alarmNotification/rules`: the user's whole rule set at once (an empty list: no alarm mail at all). */
export const alarmRulesEditSchema = z
  .object({
    rules: z.array(alarmRuleSchema).max(alarmRulesMax, `at most ${alarmRulesMax} rules`),
  })
  .strict()
  .superRefine(({ rules }, context) => {
    const seen = new Set<string | null>();
    rules.forEach((rule, index) => {
      if (seen.has(rule.stationId)) {
        context.addIssue({ code: 'custom', path: ['rules', index, 'stationId'], message: rule.stationId === null ? 'all stations have a rule already' : 'this station has a rule already' });
      }
      seen.add(rule.stationId);
    });
  });
export type AlarmRulesEdit = z.infer<typeof alarmRulesEditSchema>;

/** A stored rule as the settings screen shows it, with its station's name. */
export const alarmRuleRecordSchema = z.object({
  stationId: text().nullable(),
  stationName: text().nullable(),
  eventTypes: z.array(z.enum(alarmEventTypes)),
  delayMinutes: z.number().int(),
  escalateAfterMinutes: z.number().int().nullable(),
});
export type AlarmRuleRecord = z.infer<typeof alarmRuleRecordSchema>;

/** `GET /sys/alarmNotification/rules`: the rules in force; `custom` false while the user has never saved any (the default applies). */
export const alarmRulesSchema = z.object({
  rules: z.array(alarmRuleRecordSchema),
  custom: z.boolean(),
  /** Whether the user has an e-mail address: without one nothing can be sent. */
  hasEmail: z.boolean(),
});
export type AlarmRules = z.infer<typeof alarmRulesSchema>;

/** Each signed-in user's own alarm rules (account settings → Notifications). */
export const alarmNotificationEndpoints = {
  /** The rules in force: the saved ones, or the default while `custom` is false. */
  rules: defineEndpoint({ method: 'GET', path: '/sys/alarmNotification/rules', result: alarmRulesSchema }),
  /** Replaces them; the answer is what is in force now. */
  saveRules: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/alarmNotification/rules', body: alarmRulesEditSchema, result: alarmRulesSchema }),
};

/**
 * The rule of a user who never chose: faults on all their stations, mailed at once, no escalation.
 * A fault is what nobody wants to miss; warnings and escalation are a choice.
 */
export const defaultAlarmRule: AlarmRule = { stationId: null, eventTypes: ['fault'], delayMinutes: 0, escalateAfterMinutes: null };

/** The mails, one per recipient and run, listing the events due then. `{platform}`, `{station}`, … are filled on the server. */
export const alarmMails = {
  alarmSubjectOne: ['{platform}: {type} {code} at {station}', '{platform}：{station} {type} {code}', '{platform}: {type} {code} an {station}'],
  alarmSubjectMany: ['{platform}: {count} open alarms on your stations', '{platform}：您的电站有 {count} 条未结束告警', '{platform}: {count} offene Alarme an Ihren Anlagen'],
  alarmIntro: [
    'These events are still open on stations you look after:',
    '您关注的电站上以下事件仍未结束：',
    'Diese Ereignisse an Anlagen, die Sie betreuen, sind noch offen:',
  ],
  escalationSubjectOne: ['{platform}: unacknowledged fault {code} at {station}', '{platform}：{station} 故障 {code} 无人确认', '{platform}: unbestätigte Störung {code} an {station}'],
  escalationSubjectMany: ['{platform}: {count} unacknowledged faults', '{platform}：{count} 条故障无人确认', '{platform}: {count} unbestätigte Störungen'],
  escalationIntro: [
    'Nobody has acknowledged these faults in time, so they are passed on to you:',
    '以下故障未在规定时间内得到确认，现转交给您：',
    'Diese Störungen hat niemand rechtzeitig bestätigt, daher werden sie an Sie weitergegeben:',
  ],
  line: [
    '- {type} {code} ({name}) at {station}, {target}, open since {begin} UTC',
    '- {station} {target}：{type} {code}（{name}），自 {begin} UTC 起未结束',
    '- {type} {code} ({name}) an {station}, {target}, offen seit {begin} UTC',
  ],
  escalationLine: [
    '- {type} {code} ({name}) at {station} of {user}, {target}, open since {begin} UTC, not acknowledged',
    '- {user} 的电站 {station} {target}：{type} {code}（{name}），自 {begin} UTC 起未结束且未确认',
    '- {type} {code} ({name}) an {station} von {user}, {target}, offen seit {begin} UTC, nicht bestätigt',
  ],
  more: ['… and {count} more.', '……另有 {count} 条。', '… und {count} weitere.'],
  outro: [
    'Acknowledge them on the events page of the console. Which alarms reach you, and when, you choose in your account settings under Notifications.',
    '请在控制台的事件页面确认。接收哪些告警以及何时接收，可在账户设置的“通知”中选择。',
    'Bestätigen Sie sie auf der Ereignisseite der Konsole. Welche Alarme Sie wann erreichen, wählen Sie in Ihren Kontoeinstellungen unter Benachrichtigungen.',
  ],
  logger: ['logger {gsn}', '采集器 {gsn}', 'Logger {gsn}'],
  battery: ['battery {sn}', '电池 {sn}', 'Batterie {sn}'],
  escalationNoticeTitle: ['Unacknowledged fault at {station}', '{station} 故障无人确认', 'Unbestätigte Störung an {station}'],
  escalationNotice: [
    'Nobody has acknowledged the fault {code} on {target} of station {station} (of {user}) in time. Open the events to see and acknowledge it.',
    '电站 {station}（{user}）的 {target} 故障 {code} 未在规定时间内得到确认。请打开事件页面查看并确认。',
    'Die Störung {code} an {target} der Anlage {station} (von {user}) hat niemand rechtzeitig bestätigt. Öffnen Sie die Ereignisse, um sie anzusehen und zu bestätigen.',
  ],
} as const satisfies Record<string, Words>;

