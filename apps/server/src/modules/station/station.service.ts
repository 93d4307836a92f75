import {
  DataLogTable,
  type AddStationRequest,
  type Language,
  ServerCode,
  type StationOwner,
  type TimeZoneList,
  type WizardLoggerRow,
  type addStationSchema,
  defaultTimeZoneDictId,
  limits,
  loggerKeySchema,
  mainStationOnlyFields,
  stationResource,
  timeZoneDictionary,
  timeZoneLabel,
  timeZoneOfDictId,
  wizardLoggerRowSchema,
  wizardRowsOfForm,
} from '@cellsight/contract';
import { sameSecret } from '@cellsight/contract/device-crypto';
import type { z } from 'zod';
import { AppError, type FieldError, badRequest, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DataLogRecorder } from '../data-log/data-log.service.js';
import type { DictService } from '../dict/dict.service.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import type { StationStatusRepository } from './station-status.repository.js';
import type { Account, StationRepository } from './station.repository.js';

export interface StationServiceDeps {
  stations: StationRepository;
  statuses: StationStatusRepository;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  /** Loggers changed station (or zone): ingestion reads them again and their consoles refresh. */
  loggersMoved(gsns: string[]): void;
  /** Stations changed: those who see them hear of it. */
  changed(ids: string[]): void;
  /** The data log: every station change, and each logger a bind puts on a station, with before and after. */
  dataLog?: DataLogRecorder;
}

type Row = { gsn: string; key: string; product_code: string };

type AddStationInput = z.infer<typeof addStationSchema>;

/** A row of the wizard refused with its catalogue code: `result` is the row's index (spec section 7). */
const rowRefused = (code: number, index: number, message: string) => new AppError(code, message, 400, [], index);

/** Minutes east of UTC of a zone now, from its '(UTC+08:00)' label: the list reads west to east. */
const offsetMinutes = (label: string): number => {
  const match = /UTC([+-])(\d{2}):(\d{2})/.exec(label);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
};

/**
 * Stations: the kit's list, record, edit, delete and export within the scope rule, and what the
 * kit does not know: the creation wizard's checks, creating a station with its loggers in one
 * step, binding and unbinding loggers, owners, and the time-zone dictionary.
 */
export const createStationService = (deps: StationServiceDeps) => {
  const { scope } = deps.stations.screen;
  const kit = createResourceService({ resource: stationResource, ...deps.stations.screen, dicts: deps.dicts, onChanged: (_auth, ids) => deps.changed(ids) });

  /** Form rows: every field there, SNs and product codes each entered once (spec section 5). */
  const validateRows = (rows: Row[], fieldOf: (index: number, field: keyof Row) => string): WizardLoggerRow[] => {
    const errors: FieldError[] = [];
    if (rows.length === 0) errors.push({ field: fieldOf(0, 'gsn'), message: 'Please enter the Logger SN!' });
    if (rows.length > limits.loggerRowsMax) errors.push({ field: 'logger', message: `The maximum number of entries has reached ${limits.loggerRowsMax}.` });
    const parsed: WizardLoggerRow[] = [];
    const seen = { gsn: new Set<string>(), product_code: new Set<string>() };
    rows.forEach((row, index) => {
      const result = wizardLoggerRowSchema.safeParse(row);
      if (!result.success) {
        for (const issue of result.error.issues) errors.push({ field: fieldOf(index, issue.path[0] as keyof Row), message: issue.message });
        return;
      }
      for (const field of ['gsn', 'product_code'] as const) {
        const value = result.data[field];
        if (seen[field].has(value)) errors.push({ field: fieldOf(index, field), message: `${value} is repeated` });
        seen[field].add(value);
      }
      parsed.push(result.data);
    });
    if (errors.length > 0) throw badRequest(ServerCode.INCORRECT_PARAMETER, errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
    return parsed;
  };

  /** The SN and key checks of each row, in order; the first failing row answers with its code and index. */
  const checkLoggers = async (auth: AuthContext, rows: WizardLoggerRow[]) => {
    const found = await deps.stations.bindableLoggers(
      rows.map((r) => r.gsn),
      auth,
    );
    rows.forEach((row, index) => {
      const logger = found.get(row.gsn);
      if (!logger) throw rowRefused(ServerCode.NOT_FOUND, index, `${row.gsn} does not exist`);
      if (!loggerKeySchema.safeParse(row.key).success) throw rowRefused(ServerCode.MATCHING_FAILURE, index, `${row.key} error`);
      if (!sameSecret(logger.registrationKey, row.key)) throw rowRefused(ServerCode.WRONG_REGISTRATION_KEY, index, `The registration key of ${row.gsn} is wrong`);
      if (logger.stationId !== null) throw rowRefused(ServerCode.DEVICE_IN_USE, index, `${row.gsn} is in use on a station: unbind it first`);
    });
  };

  const checkProductCodes = async (rows: WizardLoggerRow[]) => {
    const taken = await deps.stations.productCodesTaken(rows.map((r) => ({ gsn: r.gsn, productCode: r.product_code })));
    rows.forEach((row, index) => {
      if (taken.has(row.product_code)) throw rowRefused(ServerCode.PRODUCT_CODE_USED, index, `${row.product_code} is already used`);
    });
  };

  const tenantOf = async (auth: AuthContext): Promise<number> => {
    const tenantId = auth.tenantId || (await deps.tenants.activeForUser(auth.userId))[0]?.id;
    if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to create stations in');
    return tenantId;
  };

  /**
   * The last step of both ways to bind loggers (a new station, or more loggers for one): the rows'
   * checks, then the binding in one transaction, refused as a whole when a logger or a product code
   * was taken meanwhile; then the station's status, ingestion and the consoles follow.
   */
  const bindLoggers = async (auth: AuthContext, target: Parameters<StationRepository['bind']>[0], stationId: string, rows: WizardLoggerRow[]) => {
    await checkLoggers(auth, rows);
    await checkProductCodes(rows);
    const result = await deps.stations.bind(
      target,
      rows.map((r) => ({ gsn: r.gsn, productCode: r.product_code })),
      auth.username,
    );
    if (result === 'product-code') throw badRequest(ServerCode.PRODUCT_CODE_USED, 'A product code was taken meanwhile; check the codes again');
    const taken = Math.max(
      rows.findIndex((r) => result.unavailable.includes(r.gsn)),
      0,
    );
    if (result.unavailable.length > 0) throw rowRefused(ServerCode.DEVICE_IN_USE, taken, `${rows[taken]?.gsn ?? ''} is in use on a station: unbind it first`);
    const gsns = rows.map((r) => r.gsn);
    // Each logger's move onto the station is a change of the logger (the data log).
    for (const logger of await deps.stations.loggerStates(gsns)) {
      await deps.dataLog?.record({ table: DataLogTable.Logger, id: logger.gsn, action: 'edit', before: { ...logger, stationId: null }, after: logger, by: auth.username, tenantId: logger.tenantId });
    }
    await deps.statuses.refresh(stationId);
    deps.loggersMoved(gsns);
    deps.changed([stationId]);
  };

  return {
    ...kit,

    /** Step 1 of the wizard: the rows as form fields `gsn_N`, `key_N`, `product_code_N`. */
    async checkSn(auth: AuthContext, form: Record<string, string>): Promise<void> {
      const rows = validateRows(wizardRowsOfForm(form), (index, field) => `${field}_${index}`);
      await checkLoggers(auth, rows);
    },

    async checkProductCode(auth: AuthContext, rows: WizardLoggerRow[]): Promise<void> {
      const valid = validateRows(rows, (index, field) => `logger[${index}].${field}`);
      await checkLoggers(auth, valid);
      await checkProductCodes(valid);
    },

    async owners(auth: AuthContext): Promise<StationOwner[]> {
      return deps.stations.owners(auth);
    },

    /** Creates a station (or a sub-station, `pid`) for an owner of the caller's branch and binds its loggers, in one transaction. */
    async addStation(auth: AuthContext, input: AddStationInput): Promise<string> {
      const rows = validateRows(
        input.logger.map((r) => ({ gsn: r.gsn, key: r.key, product_code: r.product_code })),
        (index, field) => `logger[${index}].${field}`,
      );
      const { logger: _rows, masterId, pid, createTime: _created, updateTime: _updated, ...fields } = input;
      const parentId = pid && pid !== '0' ? pid : null;
      let owner: Account | null;
      let branch: { installerId: string | null; distributorId: string | null };
      let tenantId: number;
      const values: Record<string, unknown> = { ...fields };
      if (parentId) {
        for (const field of mainStationOnlyFields) if (values[field] !== undefined && values[field] !== null) throw invalidField(field, 'only a main station has it');
        const [parent] = await deps.stations.table.byIds([parentId], scope(auth));
        if (!parent) throw notFound(`station ${parentId}`, 'pid');
        if (parent.parentId !== null) throw invalidField('pid', 'must be a main station (a sub-station has no sub-stations)');
        if ((await deps.stations.subStationCount(parentId)) >= limits.subStationsMax) throw invalidField('pid', `a main station has at most ${limits.subStationsMax} sub-stations`);
        // A sub-station belongs where its main station does, and stands where it stands.
        owner = parent.ownerId ? await deps.stations.account(parent.ownerId) : null;
        branch = { installerId: parent.installerId, distributorId: parent.distributorId };
        tenantId = parent.tenantId;
        Object.assign(values, { stationType: parent.stationType, lat: parent.lat, lon: parent.lon, address: parent.address, thumbUrl: parent.thumbUrl });
      } else {
        const ownerId = masterId ?? auth.userId;
        if (!(await deps.stations.owners(auth)).some((o) => o.id === ownerId)) throw notFound(`account ${ownerId}`, 'masterId');
        owner = await deps.stations.account(ownerId);
        if (!owner) throw notFound(`account ${ownerId}`, 'masterId');
        branch = await deps.stations.branchOf(owner.id);
        tenantId = await tenantOf(auth);
      }
      const timezone = input.timezone ?? defaultTimeZoneDictId;
      const id = newId();
      await bindLoggers(
        auth,
        {
          station: {
            ...(values as object),
            id,
            tenantId,
            parentId,
            name: input.name,
            timezone,
            zone: timeZoneOfDictId(timezone) ?? 'UTC',
            ownerId: owner?.id ?? null,
            ...branch,
            createBy: auth.username,
          },
        },
        id,
        rows,
      );
      const [created] = await deps.stations.table.byIds([id], undefined);
      await deps.dataLog?.record({ table: DataLogTable.Station, id, action: 'add', after: created, by: auth.username, tenantId: tenantId });
      return id;
    },

    /** Binds more loggers to a station the caller may see (the station manager's "add logger"). */
    async addLoggers(auth: AuthContext, stationId: string, input: WizardLoggerRow[]): Promise<void> {
      const rows = validateRows(input, (index, field) => `logger[${index}].${field}`);
      const [station] = await deps.stations.table.byIds([stationId], scope(auth));
      if (!station) throw notFound(`station ${stationId}`, 'stationId');
      await bindLoggers(auth, { stationId, tenantId: station.tenantId, zone: station.zone }, stationId, rows);
    },

    /** The kit's edit, plus: a sub-station keeps its main station's type and location, and a new zone moves its loggers' days. */
    async edit(auth: AuthContext, input: z.infer<typeof stationResource.edit>): Promise<void> {
      const { id, ...changes } = input;
      const [station] = await deps.stations.table.byIds([id], scope(auth));
      if (!station) throw notFound('Record');
      if (station.parentId !== null) {
        for (const field of mainStationOnlyFields) if (changes[field] !== undefined && changes[field] !== null) throw invalidField(field, 'only a main station has it');
      }
      const zone = changes.timezone === undefined ? {} : { zone: timeZoneOfDictId(changes.timezone) ?? 'UTC' };
      const { found, rezoned } = await deps.stations.update(id, { ...changes, ...zone, updateBy: auth.username, updateTime: new Date() }, scope(auth), async (after, tx) =>
        deps.dataLog?.record({ table: DataLogTable.Station, id, action: 'edit', before: station, after, by: auth.username, tenantId: station.tenantId }, { executor: tx }),
      );
      if (!found) throw notFound('Record');
      if (rezoned.length > 0) deps.loggersMoved(rezoned);
      deps.changed([id]);
    },

    /** A station is deleted only once no logger and no sub-station holds on to it. */
    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const visible = await deps.stations.table.byIds([...new Set(ids)], scope(auth));
      if (visible.length === 0) throw notFound('Record');
      const held = await deps.stations.dependents(visible.map((s) => s.id));
      if (held.loggers > 0) throw badRequest(ServerCode.OPERATION_FAILED, `The station still has ${held.loggers} logger(s): unbind them first`);
      if (held.subStations > 0) throw badRequest(ServerCode.OPERATION_FAILED, `The station still has ${held.subStations} sub-station(s): delete them first`);
      await kit.remove(auth, ids);
      for (const station of visible) await deps.dataLog?.record({ table: DataLogTable.Station, id: station.id, action: 'delete', before: station, by: auth.username, tenantId: station.tenantId });
    },

    /** The time-zone dictionary in a language, in offset order. */
    timeZones(language: Language, pageNo = 1, pageSize = 100, at = new Date()): TimeZoneList {
      const all = timeZoneDictionary
        .map(([dictId, zone]) => ({ dictId, zone, text: timeZoneLabel(zone, language, at) }))
        .sort((a, b) => offsetMinutes(a.text) - offsetMinutes(b.text) || a.text.localeCompare(b.text));
      return { records: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length };
    },
  };
};

export type StationService = ReturnType<typeof createStationService>;
export type { AddStationRequest };
