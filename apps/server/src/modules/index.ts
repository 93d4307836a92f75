import { positionResource } from '@cellsight/contract';
import type { FastifyPluginAsync } from 'fastify';
import { resourceModule } from '../kit/resource-module.js';
import addressBook from './address-book/index.js';
import alarmNotification from './alarm-notification/index.js';
import announcement from './announcement/index.js';
import area from './area/index.js';
import auth from './auth/index.js';
import battery from './battery/index.js';
import batteryChange from './battery-change/index.js';
import category from './category/index.js';
import checkRule from './check-rule/index.js';
import dashboard from './dashboard/index.js';
import dataLog from './data-log/index.js';
import dataRule from './data-rule/index.js';
import dataSource from './data-source/index.js';
import depart from './depart/index.js';
import departRole from './depart-role/index.js';
import devicePlane from './device-plane/index.js';
import dict from './dict/index.js';
import duplicate from './duplicate/index.js';
import event from './event/index.js';
import file from './file/index.js';
import fillRule from './fill-rule/index.js';
import firmware from './firmware/index.js';
import gatewayRoute from './gateway-route/index.js';
import job from './job/index.js';
import legal from './legal/index.js';
import logger from './logger/index.js';
import log from './log/index.js';
import member from './member/index.js';
import monitor from './monitor/index.js';
import ops from './ops/index.js';
import outbox from './outbox/index.js';
import permission from './permission/index.js';
import report from './report/index.js';
import role from './role/index.js';
import station from './station/index.js';
import system from './system/index.js';
import tenant from './tenant/index.js';
import ticket from './ticket/index.js';
import user from './user/index.js';
import { positions } from './position/position.table.js';

/**
 * Every module's one door (`modules/<name>/index.ts`), in the order app.ts registers them: first
 * the ones others use while they start (dictionaries, the data log, the operation log, jobs, the
 * outbox, notices, alarm rules, loggers, batteries, stations, battery changes, firmware, the
 * device plane, monitoring, uploads, grants, roles, departments, accounts), then the rest by name. Imported here
 * by name so that the built server (one bundle) holds them; a test fails when a module folder with
 * an index.ts, or a plain list screen, is missing from this list.
 */
export const modules: [name: string, door: FastifyPluginAsync][] = [
  ['dict', dict],
  ['data-log', dataLog],
  ['log', log],
  ['job', job],
  ['outbox', outbox],
  ['announcement', announcement],
  ['alarm-notification', alarmNotification],
  ['logger', logger],
  ['battery', battery],
  ['station', station],
  ['battery-change', batteryChange],
  ['firmware', firmware],
  ['device-plane', devicePlane],
  ['monitor', monitor],
  ['file', file],
  ['permission', permission],
  ['role', role],
  ['depart', depart],
  ['user', user],
  ['address-book', addressBook],
  ['area', area],
  ['auth', auth],
  ['category', category],
  ['check-rule', checkRule],
  ['dashboard', dashboard],
  ['data-rule', dataRule],
  ['data-source', dataSource],
  ['depart-role', departRole],
  ['duplicate', duplicate],
  ['event', event],
  ['fill-rule', fillRule],
  ['gateway-route', gatewayRoute],
  ['legal', legal],
  ['member', member],
  ['ops', ops],
  // Plain list screens (contract resourceScreens): a folder with their table, the rest from the kit.
  ['position', resourceModule(positionResource, positions, { name: 'position', records: 'position' })],
  ['report', report],
  ['system', system],
  ['tenant', tenant],
  ['ticket', ticket],
];
