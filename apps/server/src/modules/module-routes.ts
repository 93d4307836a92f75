import type { FastifyPluginAsync } from 'fastify';
import addressBookRoutes from './address-book/address-book.routes.js';
import alarmNotificationRoutes from './alarm-notification/alarm-notification.routes.js';
import announcementRoutes from './announcement/announcement.routes.js';
import areaRoutes from './area/area.routes.js';
import authRoutes from './auth/auth.routes.js';
import batteryCellsRoutes from './battery-cells/battery-cells.routes.js';
import batteryChangeRoutes from './battery-change/battery-change.routes.js';
import categoryRoutes from './category/category.routes.js';
import checkRuleRoutes from './check-rule/check-rule.routes.js';
import commandRoutes from './command/command.routes.js';
import dashboardRoutes from './dashboard/dashboard.routes.js';
import dataLogRoutes from './data-log/data-log.routes.js';
import dataRuleRoutes from './data-rule/data-rule.routes.js';
import dataSourceRoutes from './data-source/data-source.routes.js';
import departRoutes from './depart/depart.routes.js';
import departRoleRoutes from './depart-role/depart-role.routes.js';
import deviceRoutes from './device/device.routes.js';
import dictRoutes from './dict/dict.routes.js';
import duplicateRoutes from './duplicate/duplicate.routes.js';
import eventRoutes from './event/event.routes.js';
import fileRoutes from './file/file.routes.js';
import fillRuleRoutes from './fill-rule/fill-rule.routes.js';
import firmwareRoutes from './firmware/firmware.routes.js';
import gatewayRouteRoutes from './gateway-route/gateway-route.routes.js';
import historyRoutes from './history/history.routes.js';
import ingestRoutes from './ingest/ingest.routes.js';
import jobRoutes from './job/job.routes.js';
import legalRoutes from './legal/legal.routes.js';
import logRoutes from './log/log.routes.js';
import memberRoutes from './member/member.routes.js';
import monitorRoutes from './monitor/monitor.routes.js';
import opsRoutes from './ops/ops.routes.js';
import outboxRoutes from './outbox/outbox.routes.js';
import permissionRoutes from './permission/permission.routes.js';
import positionRoutes from './position/position.routes.js';
import reportRoutes from './report/report.routes.js';
import roleRoutes from './role/role.routes.js';
import stationRoutes from './station/station.routes.js';
import systemRoutes from './system/system.routes.js';
import tenantRoutes from './tenant/tenant.routes.js';
import ticketRoutes from './ticket/ticket.routes.js';
import userRoutes from './user/user.routes.js';

/**
 * The route plugin of every module (`modules/<name>/<name>.routes.ts`), in folder-name order, all
 * registered under /boot by app.ts. Imported here by name so that the built server (one bundle)
 * holds them; a test fails when a module folder with a routes file is missing from this list.
 */
export const moduleRoutes: Record<string, FastifyPluginAsync> = {
  'address-book': addressBookRoutes,
  'alarm-notification': alarmNotificationRoutes,
  'announcement': announcementRoutes,
  'area': areaRoutes,
  'auth': authRoutes,
  'battery-cells': batteryCellsRoutes,
  'battery-change': batteryChangeRoutes,
  'category': categoryRoutes,
  'check-rule': checkRuleRoutes,
  'command': commandRoutes,
  'dashboard': dashboardRoutes,
  'data-log': dataLogRoutes,
  'data-rule': dataRuleRoutes,
  'data-source': dataSourceRoutes,
  'depart': departRoutes,
  'depart-role': departRoleRoutes,
  'device': deviceRoutes,
  'dict': dictRoutes,
  'duplicate': duplicateRoutes,
  'event': eventRoutes,
  'file': fileRoutes,
  'fill-rule': fillRuleRoutes,
  'firmware': firmwareRoutes,
  'gateway-route': gatewayRouteRoutes,
  'history': historyRoutes,
  'ingest': ingestRoutes,
  'job': jobRoutes,
  'legal': legalRoutes,
  'log': logRoutes,
  'member': memberRoutes,
  'monitor': monitorRoutes,
  'ops': opsRoutes,
  'outbox': outboxRoutes,
  'permission': permissionRoutes,
  'position': positionRoutes,
  'report': reportRoutes,
  'role': roleRoutes,
  'station': stationRoutes,
  'system': systemRoutes,
  'tenant': tenantRoutes,
  'ticket': ticketRoutes,
  'user': userRoutes,
};
