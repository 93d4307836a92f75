import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { DictCode } from './dict.js';
import { Permission } from './permissions.js';
import { defineResource } from './resource.js';
import { text } from './text.js';

/** sys_log.log_type: 1 sign-in and sign-out, 2 a change a signed-in user made. */
export const LogType = { Login: 1, Operation: 2 } as const;
export type LogTypeValue = (typeof LogType)[keyof typeof LogType];

/** sys_log.operate_type (the `operate_type` dictionary). */
export const OperateType = { Query: 1, Add: 2, Edit: 3, Delete: 4, Import: 5, Export: 6 } as const;

/** System administration: login and operation logs (JeecgBoot LogList, sys_log). Read-only: written by the server only. */
export const logResource = defineResource({
  path: '/sys/log',
  tenancy: 'tenant',
  table: 'sys_log',
  title: ['Logs', '日志管理', 'Protokolle'],
  record: z.object({
    id: text(),
    logType: z.number().int(),
    logType_dictText: text().nullable(),
    logContent: text(),
    operateType: z.number().int().nullable(),
    operateType_dictText: text().nullable(),
    /** The account's user name (JeecgBoot keeps it in `userid`). */
    userid: text().nullable(),
    /** The account's real name. */
    username: text().nullable(),
    ip: text().nullable(),
    /** The route that handled the call. */
    method: text().nullable(),
    requestUrl: text().nullable(),
    /** The HTTP method. */
    requestType: text().nullable(),
    /** Milliseconds the call took (operation logs). */
    costTime: z.number().int().nullable(),
    createTime: text(),
  }),
  columns: {
    logType: { type: 'smallint' },
    logContent: { type: 'text' },
    operateType: { type: 'smallint' },
    userid: { type: 'text' },
    username: { type: 'text' },
    ip: { type: 'text' },
    requestUrl: { type: 'text' },
    costTime: { type: 'integer' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  permissions: { list: Permission.LogList },
  dictionaries: { logType: DictCode.LogType, operateType: DictCode.OperateType },
  labels: {
    logType: ['Log type', '日志类型', 'Protokollart'],
    logContent: ['Log content', '日志内容', 'Inhalt'],
    operateType: ['Operation', '操作类型', 'Vorgang'],
    userid: ['Account', '操作人ID', 'Konto'],
    username: ['Name', '操作人名称', 'Name'],
    ip: ['IP', 'IP', 'IP'],
    method: ['Handler', '请求方法', 'Handler'],
    requestUrl: ['Request URL', '请求路径', 'Anfrage-URL'],
    requestType: ['Request method', '请求类型', 'Anfragemethode'],
    costTime: ['Duration in ms', '耗时(毫秒)', 'Dauer in ms'],
    createTime: ['Time', '创建时间', 'Zeitpunkt'],
  },
  sheet: ['logType', 'logContent', 'operateType', 'userid', 'username', 'ip', 'requestType', 'requestUrl', 'costTime', 'createTime'],
});
export type LogRecord = z.infer<typeof logResource.record>;

/** `GET /sys/loginfo`: sign-ins in total, today's sign-ins and today's distinct addresses (days in UTC). */
export const logInfoSchema = z.object({
  totalVisitCount: z.number().int(),
  todayVisitCount: z.number().int(),
  todayIp: z.number().int(),
});
export type LogInfo = z.infer<typeof logInfoSchema>;

/**
 * `GET /sys/visitInfo`: sign-ins and distinct addresses per day for the last 7 days (UTC), oldest
 * first, a day without sign-ins included with zeros. Field names as JeecgBoot's `findVisitCount`:
 * `tian` the day (YYYY-MM-DD), `type` its short form (MM-DD).
 */
export const visitDaySchema = z.object({
  visit: z.number().int(),
  ip: z.number().int(),
  tian: text(),
  type: text(),
});
export type VisitDay = z.infer<typeof visitDaySchema>;
export const visitInfoSchema = z.array(visitDaySchema);

/** The sign-in counters of the console (the dashboard's figures). */
export const logEndpoints = {
  logInfo: defineEndpoint({ method: 'GET', path: '/sys/loginfo', result: logInfoSchema }),
  visitInfo: defineEndpoint({ method: 'GET', path: '/sys/visitInfo', result: visitInfoSchema }),
};
