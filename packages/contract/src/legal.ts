import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { type Language, languages } from './language.js';
import type { Words } from './resource.js';
import { text } from './text.js';

/** The two public texts (spec section 2: /privacy and /condition). */
export const legalKinds = ['privacy', 'condition'] as const;
export type LegalKind = (typeof legalKinds)[number];

/** Longest text an administrator may store, in characters. */
export const legalTextMax = 50_000;

/** A public text in one language as the console shows it: HTML within the server's rich-text allow-list. */
export const legalTextSchema = z.object({
  kind: z.enum(legalKinds),
  language: z.enum(languages),
  content: text(),
  /** Null while the platform's own text stands (nobody edited it yet). */
  updateBy: text().nullable(),
  updateTime: text().nullable(),
});
export type LegalText = z.infer<typeof legalTextSchema>;

/** `GET /sys/public/legal`: one text in the Accept-Language (or `language`). */
export const legalTextQuerySchema = z.object({ kind: z.enum(legalKinds, { error: 'must be privacy or condition' }), language: z.enum(languages).optional(), _t: text().optional() }).strict();

/** `PUT /sys/legal/edit`: an administrator's new text of one kind in one language. */
export const legalTextEditSchema = z
  .object({
    kind: z.enum(legalKinds, { error: 'must be privacy or condition' }),
    language: z.enum(languages, { error: 'must be en-US, zh-CN or de-DE' }),
    content: text({ error: 'is required' }).trim().min(1, 'is required').max(legalTextMax, `must be at most ${legalTextMax} characters`),
  })
  .strict();
export type LegalTextEdit = z.infer<typeof legalTextEditSchema>;

/** The privacy policy and terms of use: read by anyone (/privacy, /condition), written by administrators. */
export const legalEndpoints = {
  /** One text in `language` or the Accept-Language: the administrators' text, else the platform's own (public). */
  text: defineEndpoint({ method: 'GET', path: '/sys/public/legal', query: legalTextQuerySchema, result: legalTextSchema }),
  /** Both texts in every language, as shown now (for the editor). */
  list: defineEndpoint({ method: 'GET', path: '/sys/legal/list', result: z.array(legalTextSchema) }),
  /** Replaces one text in one language. */
  edit: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/legal/edit', body: legalTextEditSchema, result: null }),
};

/**
 * The platform's own texts, until an administrator writes the operator's: what this console stores
 * and why, and the rules of its use. Plain text, blank lines parting paragraphs; the server answers
 * them as HTML paragraphs.
 */
export const legalDefaults: Record<LegalKind, Words> = {
  privacy: [
    [
      'This console is run by the operator of your energy-storage service. It stores what it needs to monitor and operate your batteries, and nothing else.',
      'Your account: user name, name, the contact details you enter (mobile, e-mail, company, address) and a one-way hash of your password. The password itself is never stored.',
      'Your devices: the data loggers and batteries registered to your stations, their readings, events and the remote commands sent to them, with who sent each command and when.',
      'Use of the console: sign-ins, the address they came from and the operations that change data, kept in the system log so that a change can be traced.',
      'In your browser the console keeps your session token, language and region; it sets no advertising or tracking cookies.',
      'Your installer, your distributor and the operator\'s administrators see the stations and devices of your branch of the customer hierarchy, to support you. Nobody else does.',
      'Ask the operator to see, correct or delete your data. Deleting your account keeps the stations and device data, which belong to the installation.',
    ].join('\n\n'),
    [
      '本控制台由您的储能服务运营方运营，仅存储监控和操作您的电池所需的数据。',
      '您的账户：用户名、姓名、您填写的联系方式（手机、邮箱、公司、地址）以及密码的单向哈希值。密码本身从不存储。',
      '您的设备：登记在您电站下的数据采集器和电池、它们的数据、事件以及发送给它们的远程指令，并记录每条指令的发送人和时间。',
      '控制台的使用：登录、登录来源地址以及修改数据的操作，记录在系统日志中，以便追溯每一次更改。',
      '控制台在您的浏览器中保存会话令牌、语言和区域，不设置任何广告或跟踪 Cookie。',
      '您的安装商、经销商和运营方的管理员可以查看您所在客户层级分支下的电站和设备，以便为您提供支持，其他人无法查看。',
      '如需查看、更正或删除您的数据，请联系运营方。删除账户后，电站和设备数据仍保留，因为它们属于安装现场。',
    ].join('\n\n'),
    [
      'Diese Konsole betreibt der Anbieter Ihres Energiespeicher-Dienstes. Sie speichert, was sie zur Überwachung und Steuerung Ihrer Batterien braucht, und nichts darüber hinaus.',
      'Ihr Konto: Benutzername, Name, die Kontaktdaten, die Sie eingeben (Mobilnummer, E-Mail, Firma, Adresse), und ein Einweg-Hash Ihres Passworts. Das Passwort selbst wird nie gespeichert.',
      'Ihre Geräte: die Datenlogger und Batterien Ihrer Anlagen, ihre Messwerte, Ereignisse und die an sie gesendeten Fernbefehle, mit Absender und Zeitpunkt jedes Befehls.',
      'Nutzung der Konsole: Anmeldungen, die Adresse, von der sie kamen, und Vorgänge, die Daten ändern, im Systemprotokoll, damit jede Änderung nachvollziehbar ist.',
      'In Ihrem Browser speichert die Konsole Ihr Sitzungstoken, Ihre Sprache und Region; sie setzt keine Werbe- oder Tracking-Cookies.',
      'Ihr Installateur, Ihr Händler und die Administratoren des Anbieters sehen die Anlagen und Geräte Ihres Zweigs der Kundenhierarchie, um Sie zu unterstützen. Sonst niemand.',
      'Wenden Sie sich an den Anbieter, um Ihre Daten einzusehen, zu berichtigen oder zu löschen. Wird Ihr Konto gelöscht, bleiben die Anlagen- und Gerätedaten erhalten, da sie zur Installation gehören.',
    ].join('\n\n'),
  ],
  condition: [
    [
      'These terms govern the use of this monitoring console for energy-storage systems.',
      'Your account is personal. Keep your password to yourself and tell the operator at once if you think someone else has used it.',
      'Remote commands (restart, shutdown, settings, firmware upgrade) act on real equipment. Send them only to devices you are responsible for, and only when it is safe to do so on site.',
      'Readings, charts and dashboards show what the devices reported. They can be late or incomplete when a logger is offline, and do not replace the safety functions of the batteries themselves.',
      'Do not try to reach data or devices outside your account, to disturb the service, or to load it in ways that keep others from using it.',
      'The operator may change these terms; the console shows the current version here, with the date of its last change.',
    ].join('\n\n'),
    [
      '本条款适用于本储能系统监控控制台的使用。',
      '您的账户仅限本人使用。请妥善保管密码；如怀疑他人使用过您的账户，请立即通知运营方。',
      '远程指令（重启、关机、参数设置、固件升级）作用于真实设备。请仅向您负责的设备发送，并且仅在现场安全时发送。',
      '数据、图表和仪表盘显示的是设备上报的内容。采集器离线时数据可能延迟或不完整，且不能替代电池自身的安全功能。',
      '请勿尝试访问您账户范围之外的数据或设备，请勿干扰服务，或以妨碍他人使用的方式加重服务负载。',
      '运营方可能修改本条款；控制台在此显示当前版本及其最后修改日期。',
    ].join('\n\n'),
    [
      'Diese Bedingungen regeln die Nutzung dieser Überwachungskonsole für Energiespeichersysteme.',
      'Ihr Konto ist persönlich. Behalten Sie Ihr Passwort für sich und melden Sie dem Anbieter sofort, wenn Sie vermuten, dass jemand anderes es benutzt hat.',
      'Fernbefehle (Neustart, Abschalten, Einstellungen, Firmware-Aktualisierung) wirken auf echte Anlagen. Senden Sie sie nur an Geräte, für die Sie verantwortlich sind, und nur, wenn es vor Ort sicher ist.',
      'Messwerte, Diagramme und Dashboards zeigen, was die Geräte gemeldet haben. Ist ein Datenlogger offline, können sie verspätet oder unvollständig sein; sie ersetzen nicht die Schutzfunktionen der Batterien selbst.',
      'Versuchen Sie nicht, auf Daten oder Geräte außerhalb Ihres Kontos zuzugreifen, den Dienst zu stören oder ihn so zu belasten, dass andere ihn nicht nutzen können.',
      'Der Anbieter kann diese Bedingungen ändern; die Konsole zeigt hier die geltende Fassung mit dem Datum ihrer letzten Änderung.',
    ].join('\n\n'),
  ],
};

/** The text the platform shows when nobody has written one for this language. */
export const legalDefaultText = (kind: LegalKind, language: Language): string => legalDefaults[kind][languages.indexOf(language)] as string;
