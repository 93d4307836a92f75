import type { Tenancy } from '@cellsight/contract';
import type { FastifyContextConfig } from 'fastify';
import type { RouteScope, ScopedRecord } from '../../src/kit/route.js';
import { type Access, platformAdministratorsOnly } from '../../src/access/auth-context.js';

/**
 * The authorisation matrix's expectations: every cell's answer follows from what the route declares
 * (`access`, `demoAllowed`, `scope` in kit/route.ts) and who the caller is, never from a list of
 * answers kept here. What is kept here is only how to reach a record: the other fields a request
 * needs so that it passes validation and the service gets to the scope rule.
 */

/** A caller of the matrix: a signed-in account, or a token that must not open anything. */
export interface Identity {
  name: string;
  /** Absent: no token, an expired one, or one revoked by a change to the account. */
  token?: string;
  /** A token that once opened a session (expired, or revoked since): sent, and must answer 401. */
  deadToken?: string;
  userId?: string;
  accountType?: string;
  tenants?: number[];
  permissions?: ReadonlySet<string>;
  demo?: boolean;
  /** A member of the platform's own tenant (its administrators are the platform's); any other account is held to its tenants. */
  platform?: boolean;
}

/** A record of the matrix: who it belongs to in the hierarchy, its tenant, and the id a route names it by. */
export interface MatrixRecord {
  label: string;
  /** The id at the route's `in` (station id, logger SN, battery SN, event, command, ticket, user or role id). */
  key: string;
  /** For users named by user name (`body.username`). */
  username?: string;
  /** Its tenant; null: a platform-wide record (a built-in role), which every tenant sees and only platform administrators change. */
  tenant: number | null;
  /** Stations and what is on them: their owner and the installer and distributor above it. */
  owner?: string;
  installer?: string | null;
  distributor?: string | null;
  /** Users: their superior, and the superior's (a distributor's installers' end users are its members too). */
  superiors?: string[];
}

export type Column = 'own' | 'other branch' | 'other tenant' | 'platform-wide';
export const columns: Column[] = ['own', 'other branch', 'other tenant', 'platform-wide'];

/** What a cell must answer. */
export type Expected = { status: number } | { notStatus: number[] } | { listed: boolean } | 'skip';

export interface RouteRow {
  method: string;
  url: string;
  access: Access;
  scope: RouteScope;
  tenancy: Tenancy;
  demoAllowed: boolean;
}

/** The route table's rows the matrix checks, with their declarations; rows without a scope are reported. */
export const matrixRows = (table: readonly { method: string; url: string; config: FastifyContextConfig }[]): { rows: RouteRow[]; undeclared: string[] } => {
  const rows: RouteRow[] = [];
  const undeclared: string[] = [];
  for (const { method, url, config } of table) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    if (config.access === undefined || config.scope === undefined || config.tenancy === undefined) {
      undeclared.push(`${method} ${url}`);
      continue;
    }
    rows.push({ method, url, access: config.access, scope: config.scope, tenancy: config.tenancy, demoAllowed: config.demoAllowed === true });
  }
  return { rows, undeclared };
};

/** Whether the caller may see the record under the scope rule (spec section 6), as the spec states it. */
export const visible = (kind: ScopedRecord, identity: Identity, record: MatrixRecord): boolean => {
  if (!identity.userId) return false;
  // A platform-wide record is every tenant's to see.
  if (record.tenant === null) return true;
  if (!identity.tenants?.includes(record.tenant)) return false;
  const admin = identity.accountType === 'admin';
  switch (kind) {
    // The tenant's own administration records: its users, roles, departments, positions and reports.
    case 'user':
    case 'role':
    case 'depart':
    case 'position':
    case 'report':
      return true;
    case 'member':
      // The accounts below the caller: all of the tenant's for an administrator.
      return record.key !== identity.userId && (admin || (identity.accountType !== 'end_user' && (record.superiors ?? []).includes(identity.userId)));
    default:
      return admin || [record.owner, record.installer, record.distributor].includes(identity.userId);
  }
};

const permitted = (access: Access, identity: Identity): boolean => {
  if (access === 'public' || access === 'authenticated') return true;
  const wanted = typeof access.permission === 'string' ? [access.permission] : access.permission;
  return wanted.some((code) => identity.permissions?.has(code));
};

const writes = (method: string) => method !== 'GET';

/**
 * The answer every caller gets before any record is looked at: 401 without a live session, 403
 * for a tenant administrator on a platform route or writing what every tenant shares (the route's
 * `tenancy`), 403 without the permission (or for the demo account's writes); null when the caller
 * gets through.
 */
export const refusal = (row: RouteRow, identity: Identity): number | null => {
  if (row.access === 'public') return null;
  if (!identity.token) return 401;
  if (!identity.platform && platformAdministratorsOnly(row.tenancy, row.method)) return 403;
  if (!permitted(row.access, identity)) return 403;
  if (identity.demo && writes(row.method) && !row.demoAllowed) return 403;
  return null;
};

/** The expected answer of one cell of a route that names a record. */
export const recordCell = (row: RouteRow, identity: Identity, record: MatrixRecord): Expected => {
  const refused = refusal(row, identity);
  if (refused !== null) return { status: refused };
  const scope = row.scope as Exclude<RouteScope, string>;
  if ('list' in scope) return { listed: visible(scope.list, identity, record) };
  if (!visible(scope.record, identity, record)) return { status: 404 };
  // A platform-wide record is changed by platform administrators alone; a call that only uses it (gives a role) is open as for the tenant's own.
  if (record.tenant === null && writes(row.method) && !scope.uses && !identity.platform) return { status: 403 };
  // A call that deletes or disables is sent only where it must be refused: the fixtures stay.
  if (scope.destroys) return 'skip';
  // Reads answer the record; writes may still refuse the generated values, but not the caller.
  return writes(row.method) ? { notStatus: [401, 403, 404] } : { status: 200 };
};

/** The expected answer of a route that names no record of the matrix's kinds. */
export const unscopedCell = (row: RouteRow, identity: Identity): Expected => {
  const refused = refusal(row, identity);
  if (refused !== null) return { status: refused };
  return { notStatus: row.access === 'public' ? [401] : [401, 403] };
};

/**
 * Fields besides the record that a request needs to pass validation, by route; the record's id is
 * put at the route's `in`. A route that names a record and is missing here is sent with the record
 * alone, and a cell answering 400 instead of 404 says so.
 */
export const requestFields: Record<string, { query?: Record<string, string>; body?: Record<string, unknown> }> = {
  'GET /boot/want/tbStation/chart': { query: { range: 'day' } },
  'GET /boot/want/tbStation/chart/exportCsv': { query: { range: 'day' } },
  'GET /boot/want/tbStation/chart/exportXls': { query: { range: 'day' } },
  'PUT /boot/want/tbStation/edit': { body: { remark: 'edited by the authorisation matrix' } },
  'POST /boot/want/tbStation/edit': { body: { remark: 'edited by the authorisation matrix' } },
  'POST /boot/want/tbStation/add_logger': { body: { logger: JSON.stringify([{ gsn: 'MXNOLOGGER1', key: 'mx-no-logger-key1', product_code: 'MXNOLOGGER1-M' }]) } },
  'POST /boot/want/logger/rotateKey': { body: { key: 'matrix-rotated-key-01' } },
  'POST /boot/want/logger/edit': { body: { alias: 'matrix alias' } },
  'POST /boot/want/device/operate': { body: { op: 'restart' } },
  'POST /boot/want/battery/edit': { body: { alias: 'matrix battery' } },
  'POST /boot/want/battery/move': { body: { gsn: 'MXNOLOGGER1' } },
  'GET /boot/want/battery/history': { query: { period: '1h' } },
  'GET /boot/want/battery/historyRange': { query: { range: 'day' } },
  'GET /boot/want/battery/historyRange/exportCsv': { query: { range: 'day' } },
  'GET /boot/want/battery/historyRange/exportXls': { query: { range: 'day' } },
  'PUT /boot/sys/user/edit': { body: { realname: 'Matrix Edited' } },
  'POST /boot/sys/user/edit': { body: { realname: 'Matrix Edited' } },
  'PUT /boot/sys/user/frozenBatch': { body: { status: 2 } },
  'PUT /boot/sys/user/changePassword': { body: { password: 'Matrix2026x' } },
  'PUT /boot/member/edit': { body: { realname: 'Matrix Edited' } },
  'POST /boot/member/edit': { body: { realname: 'Matrix Edited' } },
  'POST /boot/member/move': { body: { superiorId: 'nobody' } },
  'PUT /boot/member/permissions': { body: { permissionIds: [] } },
  'POST /boot/want/ticket/reply': { body: { content: 'A reply from the authorisation matrix' } },
  'POST /boot/want/ticket/transition': { body: { action: 'accept' } },
  'POST /boot/want/ticket/close': { body: { resolved: true, speedRating: 5, attitudeRating: 5 } },
  'PUT /boot/sys/role/edit': { body: { description: 'edited by the authorisation matrix' } },
  'POST /boot/sys/role/edit': { body: { description: 'edited by the authorisation matrix' } },
  'POST /boot/sys/permission/saveRolePermission': { body: { permissionIds: '', lastpermissionIds: '' } },
  'POST /boot/sys/user/addSysUserRole': { body: { userIdList: ['mx-nobody'] } },
  'DELETE /boot/sys/user/deleteUserRole': { query: { userId: 'mx-nobody' } },
  'DELETE /boot/sys/user/deleteUserRoleBatch': { query: { userIds: 'mx-nobody' } },
  'POST /boot/sys/role/datarule': { body: { permissionId: 'b-logger-list', dataRuleIds: '' } },
  'PUT /boot/sys/sysDepart/edit': { body: { memo: 'edited by the authorisation matrix' } },
  'POST /boot/sys/sysDepart/edit': { body: { memo: 'edited by the authorisation matrix' } },
  'POST /boot/sys/user/editSysDepartWithUser': { body: { userIdList: ['mx-nobody'] } },
  'DELETE /boot/sys/user/deleteUserInDepartBatch': { query: { userIds: 'mx-nobody' } },
  'POST /boot/sys/permission/saveDepartPermission': { body: { permissionIds: '', lastpermissionIds: '' } },
  'POST /boot/sys/sysDepartPermission/datarule': { body: { permissionId: 'b-logger-list', dataRuleIds: '' } },
  'PUT /boot/sys/position/edit': { body: { name: 'Matrix position' } },
  'POST /boot/sys/position/edit': { body: { name: 'Matrix position' } },
  'PUT /boot/online/cgreport/head/edit': { body: { remark: 'edited by the authorisation matrix' } },
  'POST /boot/online/cgreport/head/edit': { body: { remark: 'edited by the authorisation matrix' } },
};

/** Routes whose record field is an array in the body: the record's id goes in as a one-element array. */
export const arrayBodies = new Set(['POST /boot/want/event/acknowledge']);
