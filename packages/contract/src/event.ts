import { z } from 'zod';
import { type DeviceEvent, eventTypes } from './device.js';
import { fields, optionalText } from './fields.js';
import type { Language } from './language.js';
import type { ListColumns } from './list-query.js';
import { Permission } from './permissions.js';
import { type Words, defineResource, wordsIn } from './resource.js';
import { resourcePaths } from './resource-paths.js';
import { text } from './text.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Device events as the console shows them (spec sections 2 "site-events" and 3, Event: type,
 * begin time, code, category). Loggers raise them (device protocol 4.3); the server keeps them in
 * `tb_event` with the battery's readings when they opened and who acknowledged them.
 */

export type EventType = DeviceEvent['type'];

export interface EventCatalogueEntry {
  type: EventType;
  category: string;
  /** What the code means, for people. */
  name: Words;
  /** What to do about it, in a sentence or two. */
  advice: Words;
}

/**
 * The event codes our loggers (and the simulator, which takes type and category from here) raise.
 * Other firmware may send codes not listed: those list fine and show their code as their name.
 */
export const eventCatalogue = {
  'W-CELL-DELTA': {
    type: 'warning',
    category: 'cell',
    name: ['Cell voltage imbalance', '电芯压差过大', 'Zellspannungsabweichung'],
    advice: [
      'One cell’s voltage differs markedly from the others. Charge the battery fully so it can balance; if the warning returns, have the module checked.',
      '某节电芯的电压与其他电芯相差较大。请将电池充满，以便进行均衡；若告警反复出现，请安排检查该模块。',
      'Eine Zellspannung weicht deutlich von den übrigen ab. Laden Sie die Batterie vollständig, damit sie die Zellen ausgleichen kann; tritt die Warnung erneut auf, lassen Sie das Modul prüfen.',
    ],
  },
  'W-TEMP-HIGH': {
    type: 'warning',
    category: 'temperature',
    name: ['High temperature', '温度偏高', 'Erhöhte Temperatur'],
    advice: [
      'The battery is warmer than usual. Check the ventilation and that nothing covers the vents; the power may be reduced until it has cooled down.',
      '电池温度高于正常范围。请检查通风情况，确认散热口未被遮挡；温度回落前，充放电功率可能受到限制。',
      'Die Batterie ist wärmer als üblich. Prüfen Sie die Belüftung und ob Lüftungsöffnungen verdeckt sind; bis sie abgekühlt ist, kann die Leistung reduziert sein.',
    ],
  },
  'W-SOC-LOW': {
    type: 'warning',
    category: 'soc',
    name: ['Low state of charge', '电量偏低', 'Niedriger Ladezustand'],
    advice: [
      'The battery is almost empty. Charge it soon: a battery left empty for a long time ages faster.',
      '电池电量即将耗尽。请尽快充电：长时间处于低电量状态会加速电池老化。',
      'Die Batterie ist fast leer. Laden Sie sie bald auf: Bleibt sie lange leer, altert sie schneller.',
    ],
  },
  'N-BALANCING': {
    type: 'normal',
    category: 'cell',
    name: ['Cell balancing', '电芯均衡中', 'Zellausgleich'],
    advice: ['The battery management system is evening out the cell voltages. Nothing to do.', '电池管理系统正在均衡各电芯电压，无需处理。', 'Das Batteriemanagementsystem gleicht die Zellspannungen an. Es ist nichts zu tun.'],
  },
  'P-UNDERVOLT': {
    type: 'protect',
    category: 'voltage',
    name: ['Undervoltage protection', '欠压保护', 'Unterspannungsschutz'],
    advice: [
      'Discharging stopped because the voltage fell too low. Charge the battery; discharging resumes by itself once the voltage has recovered.',
      '电压过低，已停止放电。请为电池充电，电压恢复后将自动恢复放电。',
      'Die Entladung wurde wegen zu niedriger Spannung gestoppt. Laden Sie die Batterie; sobald sich die Spannung erholt hat, wird wieder entladen.',
    ],
  },
  'P-OVERCURRENT': {
    type: 'protect',
    category: 'current',
    name: ['Overcurrent protection', '过流保护', 'Überstromschutz'],
    advice: [
      'Charging and discharging stopped because the current was too high. Check the inverter’s power settings and the wiring; the protection clears by itself.',
      '电流过大，已停止充放电。请检查逆变器的功率设置和线路连接；保护解除后会自动恢复。',
      'Laden und Entladen wurden wegen zu hohen Stroms gestoppt. Prüfen Sie die Leistungseinstellungen des Wechselrichters und die Verkabelung; der Schutz hebt sich von selbst auf.',
    ],
  },
  'F-OVERTEMP': {
    type: 'fault',
    category: 'temperature',
    name: ['Overtemperature fault', '过温故障', 'Übertemperaturfehler'],
    advice: [
      'The battery switched off because it is too hot. Keep clear of it, make sure it is ventilated and contact your installer before switching it on again.',
      '电池因温度过高已断开。请勿靠近，保持通风，并在重新启动前联系您的安装商。',
      'Die Batterie hat sich wegen Überhitzung abgeschaltet. Halten Sie Abstand, sorgen Sie für Belüftung und wenden Sie sich vor dem Wiedereinschalten an Ihren Installateur.',
    ],
  },
  'F-BMS-COMM': {
    type: 'fault',
    category: 'communication',
    name: ['BMS communication fault', 'BMS 通信故障', 'BMS-Kommunikationsfehler'],
    advice: [
      'The logger cannot reach the battery management system, so the battery switched off. Check the communication cable between logger and battery, then restart the logger.',
      '采集器无法与电池管理系统通信，电池已断开。请检查采集器与电池之间的通信线缆，然后重启采集器。',
      'Der Logger erreicht das Batteriemanagementsystem nicht, deshalb hat sich die Batterie abgeschaltet. Prüfen Sie das Kommunikationskabel zwischen Logger und Batterie und starten Sie den Logger neu.',
    ],
  },
  'N-RESTART': {
    type: 'normal',
    category: 'system',
    name: ['Logger restarted', '采集器已重启', 'Logger neu gestartet'],
    advice: [
      'The logger started again (after a restart command or a power cut). Nothing to do unless it happens often.',
      '采集器已重新启动（收到重启指令或断电后）。如非频繁发生，无需处理。',
      'Der Logger wurde neu gestartet (nach einem Neustartbefehl oder Stromausfall). Nur wenn das häufig vorkommt, ist etwas zu tun.',
    ],
  },
} as const satisfies Record<string, EventCatalogueEntry>;

export type EventCode = keyof typeof eventCatalogue;
export const eventCodes = Object.keys(eventCatalogue) as EventCode[];

/** The catalogue's entry of a code; undefined for a code of other firmware. */
export const eventEntryOf = (code: string): EventCatalogueEntry | undefined => (Object.hasOwn(eventCatalogue, code) ? eventCatalogue[code as EventCode] : undefined);

/** A code's readable name in the language; the code itself when the catalogue does not know it. */
export const eventNameOf = (code: string, language: Language): string => {
  const entry = eventEntryOf(code);
  return entry ? wordsIn(entry.name, language) : code;
};

/** The categories of the catalogue's codes, by name; another firmware's category shows as sent. */
export const eventCategoryNames: Record<string, Words> = {
  cell: ['Cells', '电芯', 'Zellen'],
  temperature: ['Temperature', '温度', 'Temperatur'],
  soc: ['State of charge', '电量', 'Ladezustand'],
  voltage: ['Voltage', '电压', 'Spannung'],
  current: ['Current', '电流', 'Strom'],
  communication: ['Communication', '通信', 'Kommunikation'],
  system: ['System', '系统', 'System'],
};

export const eventCategoryNameOf = (category: string, language: Language): string => {
  const words = Object.hasOwn(eventCategoryNames, category) ? eventCategoryNames[category] : undefined;
  return words ? wordsIn(words, language) : category;
};

/** Filterable and sortable wire names of `/want/event/list`. */
export const eventListColumns = {
  type: { type: 'text' },
  code: { type: 'text' },
  category: { type: 'text' },
  stationId: { type: 'text' },
  loggerGsn: { type: 'text' },
  batterySn: { type: 'text' },
  /** True while the event has not ended. */
  open: { type: 'boolean' },
  beginTime: { type: 'date' },
} as const satisfies ListColumns;

export const eventRecordSchema = z.object({
  id: text(),
  loggerGsn: text(),
  /** Null for an event of the logger itself (a restart). */
  batterySn: text().nullable(),
  stationId: text().nullable(),
  stationName: text().nullable(),
  type: z.enum(eventTypes),
  /** The type in the caller's language (`event_type` dictionary). */
  type_dictText: text().nullable(),
  code: text(),
  category: text(),
  beginTime: text(),
  endTime: text().nullable(),
  /** End minus begin; while open, now minus begin. */
  durationSeconds: z.number().int(),
  open: z.boolean(),
  /** The battery's latest reading when the event was stored; null for a logger event or a battery without readings. */
  startSoc: z.number().nullable(),
  startVoltage: z.number().nullable(),
  startCurrent: z.number().nullable(),
  startPower: z.number().nullable(),
  startTemperature: z.number().nullable(),
  acknowledgedByName: text().nullable(),
  acknowledgedTime: text().nullable(),
  ackComment: text().nullable(),
});
export type EventRecord = z.infer<typeof eventRecordSchema>;

/** The events screen (spec route site-events): read-only on the kit, plus acknowledgement. */
export const eventResource = defineResource({
  path: resourcePaths.event,
  tenancy: 'tenant',
  table: 'tb_event',
  title: ['Events', '事件记录', 'Ereignisse'],
  recordName: ['event', '事件', 'Ereignis'],
  record: eventRecordSchema,
  columns: eventListColumns,
  defaultSort: { column: 'beginTime', order: 'desc' },
  permissions: { list: Permission.EventList, export: Permission.EventExport },
  dictionaries: { type: 'event_type' },
  labels: {
    id: ['Event', '事件', 'Ereignis'],
    loggerGsn: ['Logger SN', '采集器 SN', 'Logger-SN'],
    batterySn: ['Battery SN', '电池 SN', 'Batterie-SN'],
    stationId: ['Station', '电站', 'Anlage'],
    stationName: ['Station', '电站', 'Anlage'],
    type: ['Type', '类型', 'Typ'],
    code: ['Code', '事件代码', 'Code'],
    category: ['Category', '类别', 'Kategorie'],
    beginTime: ['Begin', '开始时间', 'Beginn'],
    endTime: ['End', '结束时间', 'Ende'],
    durationSeconds: ['Duration (s)', '持续时间 (秒)', 'Dauer (s)'],
    open: ['State', '状态', 'Zustand'],
    startSoc: ['SOC at begin (%)', '开始时 SOC (%)', 'SOC bei Beginn (%)'],
    startVoltage: ['Voltage at begin (V)', '开始时电压 (V)', 'Spannung bei Beginn (V)'],
    startCurrent: ['Current at begin (A)', '开始时电流 (A)', 'Strom bei Beginn (A)'],
    startPower: ['Power at begin (W)', '开始时功率 (W)', 'Leistung bei Beginn (W)'],
    startTemperature: ['Temperature at begin (°C)', '开始时温度 (°C)', 'Temperatur bei Beginn (°C)'],
    acknowledgedByName: ['Acknowledged by', '确认人', 'Bestätigt von'],
    acknowledgedTime: ['Acknowledged', '确认时间', 'Bestätigt am'],
    ackComment: ['Comment', '确认备注', 'Kommentar'],
  },
  sheet: [
    'beginTime',
    'endTime',
    'durationSeconds',
    'type',
    'code',
    'category',
    'stationName',
    'loggerGsn',
    'batterySn',
    'startSoc',
    'startVoltage',
    'startCurrent',
    'startPower',
    'startTemperature',
    'acknowledgedByName',
    'acknowledgedTime',
    'ackComment',
  ],
});

export const ackCommentMax = 256;
export const eventAcknowledgeMax = 100;

/**
 * `POST /want/event/acknowledge`: events in the caller's scope, all or none; an event already
 * acknowledged keeps its first acknowledgement (who, when and why).
 */
export const eventAcknowledgeSchema = z.object({
  ids: z.array(fields.id, { error: 'is required' }).min(1, 'is required').max(eventAcknowledgeMax, `must be at most ${eventAcknowledgeMax} events`),
  comment: optionalText(text().trim().max(ackCommentMax, `must be at most ${ackCommentMax} characters`)),
});
export type EventAcknowledgeRequest = z.input<typeof eventAcknowledgeSchema>;

/** What an acknowledgement did: the events acknowledged now, and those that keep an earlier acknowledgement. */
export const eventAcknowledgeResultSchema = z.object({ acknowledged: z.number().int(), alreadyAcknowledged: z.number().int() });
export type EventAcknowledgeResult = z.infer<typeof eventAcknowledgeResultSchema>;

export const eventEndpoints = {
  acknowledge: defineEndpoint({ method: 'POST', path: '/want/event/acknowledge', body: eventAcknowledgeSchema, result: eventAcknowledgeResultSchema }),
};
