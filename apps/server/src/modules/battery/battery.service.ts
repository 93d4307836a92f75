import { type BatteryAliasRequest, type BatteryRecord, type Language, type ListQuery, type Page, batteryResource } from '@cellsight/contract';
import { notFound } from '../../lib/errors.js';
import { buildListQuery, toPage } from '../../kit/list-query.js';
import { assertExportSize, dataRulesOn, exportResource, exportSelection, exportWindow } from '../../kit/resource-service.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import { visibleLoggerGsns } from '../../access/station-scope.js';
import { type BatteryRepository, batteriesAmong, batteriesOnStation, batteryListSpec } from './battery.repository.js';

/** Conditions a list query adds to its filters. */
type ListConditions = NonNullable<Parameters<typeof buildListQuery>[2]>;

/**
 * The battery list and detail (spec battery-index, /battery/detail), the Loggers screen's and the
 * station page's batteries: every read and the alias within the caller's logger scope, so a
 * battery outside it answers 404 like one that does not exist.
 */
export const createBatteryService = (batteries: BatteryRepository) => {
  const visible = (auth: AuthContext) => visibleLoggerGsns(auth);
  /** The caller's data rules on the battery list (and its export). */
  const rulesOf = (auth: AuthContext) => dataRulesOn(auth, batteryResource.permissions.list, batteryListSpec);

  /** The list query; `stationId` (the station page) narrows it to one station's loggers. */
  const built = (query: ListQuery & { stationId?: unknown }, extra: ListConditions = []) => {
    const { stationId, ...listQuery } = query;
    const station = typeof stationId === 'string' && stationId !== '' ? stationId : null;
    return buildListQuery(listQuery, batteryListSpec, [...(station ? [batteriesOnStation(station)] : []), ...extra]);
  };

  return {
    resource: batteryResource,

    async list(auth: AuthContext, query: ListQuery): Promise<Page<BatteryRecord>> {
      const rules = await rulesOf(auth);
      const listQuery = built(query, rules ? [rules] : []);
      const { records, total } = await batteries.listBatteries(listQuery, visible(auth));
      return toPage(records, total, listQuery);
    },

    /** One battery by its serial number (the kit's `queryById?id=`). */
    async byId(auth: AuthContext, batterySn: string): Promise<BatteryRecord> {
      const [battery] = await batteries.batteriesBySn([batterySn], visible(auth));
      if (!battery) throw notFound(`battery ${batterySn}`, 'id');
      return battery;
    },

    /** The batteries the list query finds (or the `selections`), sorted as on screen, as .xlsx or .csv. */
    async exportSheet(auth: AuthContext, query: ListQuery, language: Language, format: ExportFormat, now = new Date()) {
      const selected = exportSelection(query);
      const rules = await rulesOf(auth);
      const listQuery = exportWindow(built(query, [...(selected.length > 0 ? [batteriesAmong(selected)] : []), ...(rules ? [rules] : [])]));
      const { records } = await batteries.listBatteries(listQuery, visible(auth));
      assertExportSize(records);
      return exportResource(batteryResource, records, language, format, now);
    },

    /** Names a battery ('' or null clears the alias); the operation log's note. */
    async setAlias(auth: AuthContext, request: BatteryAliasRequest): Promise<string> {
      const alias = request.alias === null || request.alias === '' ? null : request.alias;
      if (!(await batteries.setBatteryAlias(request.batterySn, alias, visible(auth)))) throw notFound(`battery ${request.batterySn}`, 'batterySn');
      return alias === null ? `Cleared the alias of battery ${request.batterySn}` : `Named battery ${request.batterySn} "${alias}"`;
    },
  };
};

export type BatteryService = ReturnType<typeof createBatteryService>;
