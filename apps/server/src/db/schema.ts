/**
 * The database tables. Each lives with its module (`modules/<name>/<name>.table.ts`); this file
 * gathers them for drizzle and for code that reads several. Names follow the JeecgBoot tables the
 * console's wire shapes come from (sys_user, sys_role, sys_permission, ...), but links are real join
 * tables and secrets are stored only as hashes. Migrations are generated from the module tables
 * (`npm run db:generate`).
 */
export * from './identity.table.js';
export * from '../modules/role/role.table.js';
export * from '../modules/permission/permission.table.js';
export * from '../modules/depart/depart.table.js';
export * from '../modules/dict/dict.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/log/log.table.js';
export * from '../modules/file/file.table.js';
export * from '../modules/logger/logger.table.js';
export * from '../modules/battery/battery.table.js';
export * from '../modules/device-plane/commands/command.table.js';
export * from '../modules/device-plane/ingest/refusal.table.js';
export * from '../modules/position/position.table.js';
export * from '../modules/station/station.table.js';
export * from '../modules/firmware/firmware.table.js';
export * from '../modules/battery-change/battery-change.table.js';
export * from '../modules/device-plane/ingest/station-energy.table.js';
export * from '../modules/outbox/outbox.table.js';
export * from '../modules/legal/legal.table.js';
export * from '../modules/ticket/ticket.table.js';
export * from '../modules/announcement/announcement.table.js';
export * from '../modules/auth/verification.table.js';
export * from '../modules/alarm-notification/alarm-notification.table.js';
export * from '../modules/member/member.table.js';
export * from '../modules/job/job.table.js';
export * from '../modules/data-rule/data-rule.table.js';
export * from '../modules/depart-role/depart-role.table.js';
export * from '../modules/category/category.table.js';
export * from '../modules/check-rule/check-rule.table.js';
export * from '../modules/fill-rule/fill-rule.table.js';
export * from '../modules/data-log/data-log.table.js';
export * from '../modules/report/report.table.js';
export * from '../modules/data-source/data-source.table.js';
export * from '../modules/gateway-route/gateway-route.table.js';
export * from '../modules/area/area.table.js';
