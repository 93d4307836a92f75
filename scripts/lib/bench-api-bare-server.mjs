#!/usr/bin/env node
// The bare handler of `npm run bench:api`: Fastify + pg (a pool of 10, as the server's) answering
// the station and battery list pages with the SQL the server runs for them (read from its
// statement log: the same columns, figures, scope conditions, order and window, and the count
// beside the rows), but no sign-in, no permission check, no list-contract parsing, no response
// schema: what the list costs without the kit. The caller's scope comes as query parameters.
// Env: PORT, DATABASE_URL.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

/** The station scope rule (modules/station/station-scope.ts): tenants, and for non-administrators their own branch. */
const stationScope = (accountType) =>
  `"tb_station"."tenant_id" in (select "tenant_id" from "sys_user_tenant" where "user_id" = $1)` +
  (accountType === 'admin' ? '' : ` and ("tb_station"."owner_id" = $1 or "tb_station"."installer_id" = $1 or "tb_station"."distributor_id" = $1)`);

/** The search: a station's name, or the SN of a logger or battery on one of the caller's stations. */
const keyWordCondition = (n, accountType) => {
  const mine = accountType === 'admin' ? '' : ` and l.station_id in (select "tb_station"."id" from "tb_station" where ${stationScope(accountType)})`;
  return `("tb_station"."name" ilike $${n}
  or "tb_station"."id" in (select l.station_id from "tb_logger" l where l.gsn ilike $${n}${mine})
  or "tb_station"."id" in (select l.station_id from "tb_battery" b join "tb_logger" l on l.gsn = b.logger_gsn where b.battery_sn ilike $${n}${mine}))`;
};

/** The batteries on the station's loggers, and "today" in the station's zone, as the station repository reads them. */
const stationBatteries = `"tb_battery" b join "tb_logger" l on l.gsn = b.logger_gsn where l.station_id = "tb_station"."id"`;
const todays = (column) => `(select round(cast(sum(r.${column}) as numeric), 2)::float8 from "tb_battery_rollup" r
  join "tb_battery" b on b.battery_sn = r.battery_sn join "tb_logger" l on l.gsn = b.logger_gsn
  where l.station_id = "tb_station"."id" and r.period = '1d'
    and r.bucket_start = (date_trunc('day', now() at time zone "tb_station"."zone") at time zone "tb_station"."zone"))`;
const nameOf = (column) => `(select u.realname from "sys_user" u where u.id = "tb_station"."${column}")`;

const stationColumns = `"id", "name", "station_type" as "stationType", "timezone", "zone", "lat", "lon", "address", "thumb_url" as "thumbUrl",
  "customer", "phone", "email", "region", "remark", "inverter_brand" as "inverterBrand", "inverter_model" as "inverterModel",
  "inverter_quantity" as "inverterQuantity", "owner_id" as "ownerId", "installer_id" as "installerId", "distributor_id" as "distributorId",
  "status", "create_by" as "createBy", "create_time" as "createTime", "update_by" as "updateBy", "update_time" as "updateTime",
  coalesce("parent_id", '0') as "pid",
  ${nameOf('owner_id')} as "ownerName", ${nameOf('installer_id')} as "installerName", ${nameOf('distributor_id')} as "distributorName",
  (select cast(count(*) as integer) from "tb_logger" l where l.station_id = "tb_station"."id") as "loggerCount",
  (select cast(count(*) as integer) from "tb_logger" l where l.station_id = "tb_station"."id" and l.online) as "loggersOnline",
  (select cast(count(*) as integer) from ${stationBatteries}) as "batteryCount",
  (select round(cast(sum(b.power) / 1000 as numeric), 2)::float8 from ${stationBatteries} and l.online) as "power",
  (select round(cast(avg(b.soc) as numeric), 1)::float8 from ${stationBatteries} and l.online) as "socAvg",
  ${todays('charge_energy')} as "chargeToday", ${todays('discharge_energy')} as "dischargeToday",
  (select cast(count(*) as integer) from "tb_station" c where c.parent_id = "tb_station"."id") as "subStationCount"`;

/** The logger scope (station-scope.ts `visibleLoggerGsns`): an administrator's tenants, else loggers on visible stations or registered by the caller and on none. */
const loggerScope = (accountType) =>
  accountType === 'admin'
    ? `(select "gsn" from "tb_logger" where "tenant_id" in (select "tenant_id" from "sys_user_tenant" where "user_id" = $1))`
    : `(select "gsn" from "tb_logger" where "tenant_id" in (select "tenant_id" from "sys_user_tenant" where "user_id" = $1)
          and "station_id" in (select "tb_station"."id" from "tb_station" where ${stationScope(accountType)})
        union all select "gsn" from "tb_logger" where "tenant_id" in (select "tenant_id" from "sys_user_tenant" where "user_id" = $1)
          and "station_id" is null and "registrant_id" = $1)`;

const batteryColumns = `"battery_sn" as "batterySn", "logger_gsn" as "loggerGsn", "bms_sn" as "bmsSn", "bmu_sn" as "bmuSn", "alias",
  "last_ts" as "lastTs", "state", "status", "soc", "soh", "cycles", "voltage", "current", "power", "temperature",
  "charge_energy_today" as "chargeEnergyToday", "discharge_energy_today" as "dischargeEnergyToday", "relay_main" as "relayMain",
  "relay_charge" as "relayCharge", "relay_discharge" as "relayDischarge", "hw_version" as "hwVersion", "sw_version" as "swVersion",
  "role", "work_mode" as "workMode", "create_time" as "createTime"`;

/**
 * The query string of both pages: the caller's scope, the search, the window.
 * @typedef {{ userId: string, accountType: string, keyWord?: string, pageNo?: string, pageSize?: string }} PageQuery
 */
/** @typedef {import('fastify').FastifyRequest<{ Querystring: PageQuery }>} PageRequest */

/** @param {PageQuery} query */
const window = (query) => {
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(1000, Math.max(1, Number(query.pageSize) || 10));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
};

/**
 * Rows and total at once, as the server's selectPage does.
 * @param {string} rowsSql
 * @param {string} countSql
 * @param {string[]} params
 * @param {ReturnType<typeof window>} pageWindow
 */
async function page(rowsSql, countSql, params, { pageNo, pageSize, offset }) {
  /** @type {[pg.QueryResult, pg.QueryResult<{ total: number }>]} */
  const [rows, count] = await Promise.all([pool.query(rowsSql, [...params, pageSize, offset]), pool.query(countSql, params)]);
  const total = count.rows[0]?.total;
  if (total === undefined) throw new Error('the count query returned no row');
  return { success: true, message: '', code: 200, result: { records: rows.rows, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) }, timestamp: Date.now() };
}

app.get('/ready', async () => ({ ok: true }));

app.get('/bare/stations', async (/** @type {PageRequest} */ request) => {
  const { userId, accountType, keyWord } = request.query;
  const params = [userId];
  let where = `(${stationScope(accountType)})`;
  if (keyWord) {
    params.push(`%${keyWord.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` and ${keyWordCondition(params.length, accountType)}`;
  }
  const n = params.length;
  return page(
    // The page's rows first, then the figures for those rows only: one statement, the best a hand-written handler does.
    `with page as (select "tb_station"."id" as page_id, "tb_station"."status" as page_status from "tb_station" where ${where} order by "tb_station"."status" asc, "tb_station"."id" asc limit $${n + 1} offset $${n + 2})
     select ${stationColumns} from "tb_station" join page on page.page_id = "tb_station"."id" order by page.page_status asc, page.page_id asc`,
    `select cast(count(*) as integer) as total from "tb_station" where ${where}`,
    params,
    window(request.query),
  );
});

app.get('/bare/batteries', async (/** @type {PageRequest} */ request) => {
  const { userId, accountType } = request.query;
  const where = `"tb_battery"."logger_gsn" in ${loggerScope(accountType)}`;
  return page(
    `select ${batteryColumns} from "tb_battery" where ${where} order by "tb_battery"."battery_sn" asc limit $2 offset $3`,
    `select cast(count(*) as integer) as total from "tb_battery" where ${where}`,
    [userId],
    window(request.query),
  );
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
