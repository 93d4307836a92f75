-- The fleet `npm run bench:api` measures the station and battery lists on: a distributor, installers
-- with about 100 stations each, end users owning two stations each, stations with loggers, loggers
-- with batteries, and a year of daily rollups for every battery (what "today's energy" reads).
--
-- Run it on a database the server has migrated and seeded (the admin account's password hash is
-- copied to every bench account, so they all sign in with the admin password). Variables, psql
-- style (`psql -v stations=10000 -v loggers=40000 -v batteries=100000 -v installers=100
-- -v days=365 -v lo=1 -v hi=100000 -f scripts/seed-bench-fleet.sql`); bench-api.mjs substitutes
-- them itself and runs each `-- step:` on its own to time it, the `[batteries]` step once per slice
-- of batteries lo..hi, and the `[fresh]` steps again before measuring a database kept from an
-- earlier run (`--reuse`). Every insert skips rows that exist, so a second run adds nothing.
--
-- Shape (i: station 1..stations, j: logger 1..loggers, k: battery 1..batteries, I: installers):
--   station i: installer ((i-1) % I) + 1, so each installer has stations/I of them; q = (i-1) / I
--     is its number among its installer's stations; owner: end user (q/2)*I + installer (two
--     stations each, below that installer); name: one of 20 place names by q (every installer has
--     some of each); zone: one of four by i; q % 10 = 9: a sub-station of station i - I (same owner).
--   logger j: station floor((j-1) * stations / loggers) + 1; online unless j % 10 = 0 or its
--     station's i % 13 = 0 (then the whole station is offline).
--   battery k: logger floor((k-1) * loggers / batteries) + 1.
--   station status: 3 offline when no logger is online, else 0 fault every 50th, 1 warning every
--     20th, 2 normal (the server keeps it from loggers and events; no events are seeded).
-- Units as ingestion stores them: power W (a battery's latest -5..5 kW), energy kWh.

-- step: accounts (distributor, installers, end users)
select setseed(0.42);
insert into sys_user (id, username, realname, password_hash, account_type, superior_id, org_code, create_by)
select 'bench-dist', 'bench-distributor', 'Bench Distributor', (select password_hash from sys_user where username = 'admin'), 'distributor', null, 'A01', 'bench'
on conflict do nothing;
insert into sys_user (id, username, realname, password_hash, account_type, superior_id, org_code, create_by)
select 'bench-inst-' || lpad(m::text, 4, '0'), 'bench-installer-' || lpad(m::text, 4, '0'), 'Installer ' || lpad(m::text, 4, '0'),
       (select password_hash from sys_user where username = 'admin'), 'installer', 'bench-dist', 'A01', 'bench'
from generate_series(1, :installers) m
on conflict do nothing;
insert into sys_user (id, username, realname, password_hash, account_type, superior_id, org_code, create_by)
select distinct on (e) 'bench-user-' || lpad(e::text, 6, '0'), 'bench-user-' || lpad(e::text, 6, '0'),
       (array['Anna','Ben','Clara','David','Eva','Felix','Greta','Hans','Ida','Jonas'])[e % 10 + 1] || ' ' ||
       (array['Becker','Fischer','Hoffmann','Koch','Meyer','Richter','Schulz','Wagner','Weber','Zhang'])[(e / 10) % 10 + 1] || ' ' || e,
       (select password_hash from sys_user where username = 'admin'), 'end_user', 'bench-inst-' || lpad((((e - 1) % :installers) + 1)::text, 4, '0'), 'A01', 'bench'
from (select (((i - 1) / :installers) / 2) * :installers + ((i - 1) % :installers) + 1 as e from generate_series(1, :stations) i) owners
on conflict do nothing;
insert into sys_user_role (user_id, role_id)
select id, case account_type when 'distributor' then 'r-distributor' when 'installer' then 'r-installer' else 'r-end-user' end
from sys_user where id like 'bench-%'
on conflict do nothing;
insert into sys_user_tenant (user_id, tenant_id) select id, 1 from sys_user where id like 'bench-%' on conflict do nothing;
insert into sys_user_depart (user_id, dep_id) select id, 'd-root' from sys_user where id like 'bench-%' on conflict do nothing;

-- step: stations
insert into tb_station (id, tenant_id, parent_id, name, station_type, timezone, zone, lat, lon, address, customer, phone, region,
                        inverter_brand, inverter_model, inverter_quantity, owner_id, installer_id, distributor_id, status, create_by, create_time)
select 'bench-st-' || lpad(i::text, 6, '0'),
       1,
       case when sub then 'bench-st-' || lpad((i - :installers)::text, 6, '0') end,
       (array['Lindenhof','Sonnenfeld','Birkenweg','Am Deich','Eichengrund','Rosenhang','Westpark','Talblick','Seeufer','Bergheim',
              'Kastanienallee','Morgenrot','Nordhafen','Wiesental','Lerchenberg','Mühlbach','Hochfeld','Ahornhof','Lindenau','Steinbruch'])[q % 20 + 1]
         || case when sub then ' Annex ' else ' Solar ' end || lpad(i::text, 5, '0'),
       case when sub then 0 else (i % 3 = 0)::int end,
       (array[343, 324, 309, 321])[(i - 1) % 4 + 1],
       (array['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Europe/London'])[(i - 1) % 4 + 1],
       case when not sub then 30 + (i % 2000) / 100.0 end,
       case when not sub then -10 + (i % 3000) / 100.0 end,
       case when not sub then 'Street ' || i end,
       'Customer ' || i,
       '+49 30 ' || lpad(i::text, 7, '0'),
       (array['North','South','East','West'])[i % 4 + 1],
       'Brand ' || (i % 5), 'Model ' || (i % 7), 1 + i % 3,
       'bench-user-' || lpad(((q / 2) * :installers + ((i - 1) % :installers) + 1)::text, 6, '0'),
       'bench-inst-' || lpad((((i - 1) % :installers) + 1)::text, 4, '0'),
       'bench-dist',
       case when i % 13 = 0 then 3 when i % 50 = 0 then 0 when i % 20 = 0 then 1 else 2 end,
       'bench',
       now() - (i || ' minutes')::interval
from (select i, (i - 1) / :installers as q, ((i - 1) / :installers) % 10 = 9 as sub from generate_series(1, :stations) i) s
order by i
on conflict do nothing;

-- step: loggers
insert into tb_logger (gsn, registration_key, alias, timezone, tenant_id, station_id, registrant_id, product_code, online, online_changed_at,
                       last_seen, signal, firmware, device_type, brand, create_by, create_time)
select 'BL' || lpad(j::text, 8, '0'),
       md5('bench-key-' || j),
       null,
       (array['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Europe/London'])[(i - 1) % 4 + 1],
       1,
       'bench-st-' || lpad(i::text, 6, '0'),
       'bench-inst-' || lpad((((i - 1) % :installers) + 1)::text, 4, '0'),
       'PC' || lpad(j::text, 10, '0'),
       j % 10 <> 0 and i % 13 <> 0,
       now() - interval '3 hours',
       now() - (j % 60 || ' seconds')::interval,
       -50 - j % 40,
       '1.' || (j % 4) || '.0',
       'CS-G1', 'Cellsight', 'bench', now() - interval '30 days'
from (select j, ((j - 1)::bigint * :stations / :loggers + 1)::int as i from generate_series(1, :loggers) j) l
order by j
on conflict do nothing;

-- step: batteries
insert into tb_battery (battery_sn, logger_gsn, bms_sn, last_ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
                        charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, hw_version, sw_version, role, work_mode, create_time)
select 'BB' || lpad(k::text, 10, '0'),
       'BL' || lpad(j::text, 8, '0'),
       'BMS' || lpad(k::text, 10, '0'),
       now() - (k % 60 || ' seconds')::interval,
       case when p > 300 then 'charging' when p < -300 then 'discharging' else 'idle' end,
       'normal',
       round((20 + random() * 80)::numeric, 1),
       round((85 + random() * 15)::numeric, 1),
       (random() * 2000)::int,
       round((48 + random() * 6)::numeric, 2),
       round((p / 51.2)::numeric, 2),
       p,
       round((15 + random() * 20)::numeric, 1),
       round((random() * 12)::numeric, 2),
       round((random() * 12)::numeric, 2),
       true, p >= 0, p <= 0,
       'H1.2', 'S3.' || (k % 5),
       case when (k - 1)::bigint * :loggers % :batteries < :loggers then 'master' else 'slave' end,
       'self-use',
       now() - interval '30 days'
from (select k, ((k - 1)::bigint * :loggers / :batteries + 1)::int as j, round((random() * 10000 - 5000)::numeric)::float8 as p
      from generate_series(1, :batteries) k) b
order by k
on conflict do nothing;

-- step[batteries]: daily rollups
-- Buckets start at local midnight of the battery's station zone (as ingestion makes them), `days`
-- of them up to today's. One series of (battery, day) pairs, batteries in order and each one's
-- days oldest first: primary-key order, so the index grows at its right edge.
insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
                               voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
select 'BB' || lpad(k::text, 10, '0'),
       '1d',
       (date_trunc('day', now() at time zone zone) - d * interval '1 day') at time zone zone,
       samples, samples * 60.0, 15 + r * 10, 85 + r * 10, samples * (r - 0.5) * 4000, -5000 + r * 1000, 5000 - r * 1000,
       samples * 51.2, samples * (r - 0.5) * 4000 / 51.2, samples * 25.0, 30 + r * 8,
       round((2 + r * 10)::numeric, 2), round((2 + (1 - r) * 10)::numeric, 2)
from (select k, d, random() as r, case when d = 0 then 600 else 1440 end as samples,
             -- the battery's station zone: battery k -> logger j-1 -> station i-1 (the shape above)
             (array['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Europe/London'])[
               ((((k - 1)::bigint * :loggers / :batteries) * :stations / :loggers) % 4 + 1)::int] as zone
      from (select :lo + n / :days as k, :days - 1 - n % :days as d
            from generate_series(0, (:hi - :lo + 1)::bigint * :days - 1) n) pairs) r
on conflict do nothing;

-- step: one battery's year of one-minute samples
-- Battery 1 (BB0000000001, Asia/Shanghai) gets 525,600 samples, one a minute for 365 days up to now
-- (a daily charge/discharge cycle, 16 cells), and its 5-minute, hourly and daily rollups are made
-- from them the way ingestion makes them, replacing its seeded daily ones: the battery history case.
insert into tb_battery_sample (battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
                               charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, role, work_mode,
                               cell_voltages, cell_temperatures)
select 'BB0000000001', ts, case when p > 300 then 'charging' when p < -300 then 'discharging' else 'idle' end, 'normal',
       50 + 40 * sin(a), 97, 400 + n / 1440, 51.2 + 2 * sin(a), p / 51.2, p, 25 + 5 * sin(a),
       5 * (1 - cos(least(m, 720) * pi() / 720)), 5 * (1 - cos(greatest(m - 720, 0) * pi() / 720)),
       true, p >= 0, p <= 0, 'master', 'self-use',
       array_fill(3.2 + 0.1 * sin(a), array[16])::real[], array_fill(25 + 5 * sin(a), array[16])::real[]
from (select n, ts, 4000 * sin(2 * pi() * m / 1440) as p, 2 * pi() * m / 1440 as a, m
      from (select n, date_trunc('minute', now()) - (525599 - n) * interval '1 minute' as ts from generate_series(0, 525599) n) t,
           lateral (select extract(hour from ts at time zone 'Asia/Shanghai') * 60 + extract(minute from ts at time zone 'Asia/Shanghai') as m) local) s
on conflict do nothing;
delete from tb_battery_rollup where battery_sn = 'BB0000000001';
insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
                               voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
select battery_sn, period, bucket_start, count(*), sum(soc), min(soc), max(soc), sum(power), min(power), max(power),
       sum(voltage), sum(current), sum(temperature), max(temperature), max(charge_energy_today), max(discharge_energy_today)
from (select '5m' as period, date_bin('5 minutes', ts, timestamptz '2000-01-01 00:00:00+00') as bucket_start, * from tb_battery_sample where battery_sn = 'BB0000000001'
      union all select '1h', date_trunc('hour', ts, 'UTC'), * from tb_battery_sample where battery_sn = 'BB0000000001'
      union all select '1d', date_trunc('day', ts, 'Asia/Shanghai'), * from tb_battery_sample where battery_sn = 'BB0000000001') b
group by battery_sn, period, bucket_start
order by battery_sn, period, bucket_start;

-- step: events of the last 30 days
-- 50,000 events on random loggers, begun in the last 30 days: a tenth still open, the types a
-- quarter each (what the analysis dashboard's open counts and most-faulty stations read).
insert into tb_event (id, logger_gsn, device_event_id, type, code, begin_time, end_time)
select 'bench-ev-' || n, 'BL' || lpad((1 + (random() * (:loggers - 1))::int)::text, 8, '0'), 'bench-' || n,
       (array['normal', 'warning', 'fault', 'protect'])[n % 4 + 1], (array['N-BALANCING', 'W-SOC-LOW', 'F-OVERTEMP', 'P-UNDERVOLT'])[n % 4 + 1],
       b, case when n % 10 = 0 then null else b + interval '20 minutes' end
from (select n, now() - random() * interval '30 days' as b from generate_series(1, 50000) n) e
on conflict do nothing;

-- step: station energy from the daily rollups
-- What the migration does on a database with rollups, and the device plane's refresh keeps after.
select cs_refresh_station_energy(null, true);

-- step[fresh]: loggers heard from just now
-- Also run before every measurement of a kept database: the server's offline sweep takes loggers
-- silent for 15 minutes offline, and the bench wants the seeded mix of online and offline.
update tb_logger l set online = (substring(l.gsn from 3)::int % 10 <> 0 and substring(l.station_id from 10)::int % 13 <> 0),
                       last_seen = now() - (substring(l.gsn from 3)::int % 60 || ' seconds')::interval
where l.gsn like 'BL%' and l.station_id like 'bench-st-%';
update tb_station set status = case when substring(id from 10)::int % 13 = 0 then 3 when substring(id from 10)::int % 50 = 0 then 0
                                    when substring(id from 10)::int % 20 = 0 then 1 else 2 end
where id like 'bench-st-%';

-- step[fresh]: vacuum and analyze
-- As autovacuum would have by then: planner statistics, hint bits, and the visibility map that
-- index-only scans (the loggers and batteries of a station) rely on. Every table, not only the
-- fleet's: without statistics on sys_user_role (5,100 rows added above) the sign-in check of every
-- request took a plan 20 times slower (2 ms instead of 0.1 ms). One statement: VACUUM runs outside
-- a transaction only.
vacuum (analyze);
