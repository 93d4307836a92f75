CREATE TABLE "sys_data_source" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"db_type" varchar(16) DEFAULT 'postgresql' NOT NULL,
	"db_url" varchar(500) NOT NULL,
	"db_username" varchar(100) NOT NULL,
	"db_password" varchar(600),
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_head" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"cgr_sql" text NOT NULL,
	"db_source" varchar(100),
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_item" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(32) NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"field_txt" varchar(100) NOT NULL,
	"field_type" varchar(16) NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"is_search" smallint DEFAULT 0 NOT NULL,
	"search_mode" varchar(10) DEFAULT 'single' NOT NULL,
	"dict_code" varchar(100),
	"order_num" integer DEFAULT 0 NOT NULL,
	"is_total" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_param" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(32) NOT NULL,
	"param_name" varchar(64) NOT NULL,
	"param_txt" varchar(100) NOT NULL,
	"param_value" varchar(500),
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onl_cgreport_item" ADD CONSTRAINT "onl_cgreport_item_cgrhead_id_onl_cgreport_head_id_fk" FOREIGN KEY ("cgrhead_id") REFERENCES "public"."onl_cgreport_head"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_cgreport_param" ADD CONSTRAINT "onl_cgreport_param_cgrhead_id_onl_cgreport_head_id_fk" FOREIGN KEY ("cgrhead_id") REFERENCES "public"."onl_cgreport_head"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_source_code_key" ON "sys_data_source" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_head_code_key" ON "onl_cgreport_head" USING btree ("code");--> statement-breakpoint
CREATE INDEX "onl_cgreport_item_head_idx" ON "onl_cgreport_item" USING btree ("cgrhead_id","order_num");--> statement-breakpoint
CREATE INDEX "onl_cgreport_param_head_idx" ON "onl_cgreport_param" USING btree ("cgrhead_id");--> statement-breakpoint
-- The online report sandbox (modules/report/report-sandbox.repository.ts). Report SQL runs under the
-- role cellsight_report, which reads only the views of the schema "report" and owns nothing. Each view
-- shows only the rows of the tenants the service puts in `cellsight.report_tenants` for the caller
-- (unset: no rows at all). The role is cluster-wide, so it is created only where missing.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'cellsight_report') THEN
    CREATE ROLE cellsight_report NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END $$;
--> statement-breakpoint
-- `set local role` needs the connecting user to be a member (a superuser always is).
DO $$ BEGIN
  IF NOT pg_catalog.pg_has_role(current_user, 'cellsight_report', 'MEMBER') THEN
    EXECUTE format('GRANT cellsight_report TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
-- A report must not change its own role, tenants or timeout (set_config) nor hold a connection (pg_sleep).
-- Only a superuser may revoke these from PUBLIC; elsewhere the service's own checks still refuse them.
DO $$ BEGIN
  REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION pg_catalog.pg_sleep(double precision) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION pg_catalog.pg_sleep_for(interval) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION pg_catalog.pg_sleep_until(timestamp with time zone) FROM PUBLIC;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'not a superuser: set_config and pg_sleep stay executable by PUBLIC';
END $$;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS report;
--> statement-breakpoint
REVOKE ALL ON SCHEMA report FROM PUBLIC;
--> statement-breakpoint
CREATE VIEW report.stations AS
  SELECT s.id, s.tenant_id, s.name, s.parent_id, s.station_type, s.status, s.region, s.address, s.customer,
         s.inverter_brand, s.inverter_model, s.lat, s.lon,
         o.username AS owner_username, o.realname AS owner_realname, s.create_time
  FROM tb_station s LEFT JOIN sys_user o ON o.id = s.owner_id
  WHERE s.tenant_id = ANY (string_to_array(nullif(current_setting('cellsight.report_tenants', true), ''), ',')::integer[]);
--> statement-breakpoint
CREATE VIEW report.loggers AS
  SELECT l.gsn, l.tenant_id, l.alias, l.station_id, s.name AS station_name, l.online, l.online_changed_at, l.last_seen,
         l.signal, l.firmware, l.device_type, l.brand, l.product_code, l.create_time
  FROM tb_logger l LEFT JOIN tb_station s ON s.id = l.station_id
  WHERE l.tenant_id = ANY (string_to_array(nullif(current_setting('cellsight.report_tenants', true), ''), ',')::integer[]);
--> statement-breakpoint
CREATE VIEW report.batteries AS
  SELECT b.battery_sn, l.tenant_id, b.logger_gsn, l.station_id, s.name AS station_name, b.alias, b.last_ts, b.state, b.status,
         b.soc, b.soh, b.cycles, b.voltage, b.current, b.power, b.temperature, b.charge_energy_today, b.discharge_energy_today,
         b.sw_version, b.hw_version
  FROM tb_battery b JOIN tb_logger l ON l.gsn = b.logger_gsn LEFT JOIN tb_station s ON s.id = l.station_id
  WHERE l.tenant_id = ANY (string_to_array(nullif(current_setting('cellsight.report_tenants', true), ''), ',')::integer[]);
--> statement-breakpoint
CREATE VIEW report.events AS
  SELECT e.id, l.tenant_id, e.logger_gsn, l.station_id, e.battery_sn, e.type, e.code, e.category, e.begin_time, e.end_time,
         (e.end_time IS NULL) AS is_open, (e.acknowledged_time IS NOT NULL) AS acknowledged
  FROM tb_event e JOIN tb_logger l ON l.gsn = e.logger_gsn
  WHERE l.tenant_id = ANY (string_to_array(nullif(current_setting('cellsight.report_tenants', true), ''), ',')::integer[]);
--> statement-breakpoint
CREATE VIEW report.tickets AS
  SELECT t.id, t.tenant_id, t.order_no, t.title, t.category, t.status, t.station_id, s.name AS station_name, t.resolved,
         t.speed_rating, t.attitude_rating, t.create_time, t.close_time
  FROM tb_ticket t LEFT JOIN tb_station s ON s.id = t.station_id
  WHERE t.tenant_id = ANY (string_to_array(nullif(current_setting('cellsight.report_tenants', true), ''), ',')::integer[]);
--> statement-breakpoint
GRANT USAGE ON SCHEMA report TO cellsight_report;
--> statement-breakpoint
GRANT SELECT ON report.stations, report.loggers, report.batteries, report.events, report.tickets TO cellsight_report;
--> statement-breakpoint
-- A first report, also the one the popup picker example uses: stations with their owners.
INSERT INTO onl_cgreport_head (id, code, name, cgr_sql, remark, create_by) VALUES
  ('rp0stations000000000000000000001', 'report_stations', 'Stations', 'select id, name, region, status, owner_username, create_time from report.stations', 'Stations of your tenants with their owners', 'admin');
--> statement-breakpoint
INSERT INTO onl_cgreport_item (id, cgrhead_id, field_name, field_txt, field_type, is_show, is_search, search_mode, dict_code, order_num, is_total) VALUES
  ('rp0stations0item0000000000000001', 'rp0stations000000000000000000001', 'id', 'Id', 'String', 0, 0, 'single', NULL, 0, 0),
  ('rp0stations0item0000000000000002', 'rp0stations000000000000000000001', 'name', 'Station', 'String', 1, 1, 'single', NULL, 1, 0),
  ('rp0stations0item0000000000000003', 'rp0stations000000000000000000001', 'region', 'Region', 'String', 1, 1, 'single', NULL, 2, 0),
  ('rp0stations0item0000000000000004', 'rp0stations000000000000000000001', 'status', 'Status', 'Integer', 1, 1, 'single', 'station_status', 3, 0),
  ('rp0stations0item0000000000000005', 'rp0stations000000000000000000001', 'owner_username', 'Owner', 'String', 1, 0, 'single', NULL, 4, 0),
  ('rp0stations0item0000000000000006', 'rp0stations000000000000000000001', 'create_time', 'Created', 'Datetime', 1, 1, 'group', NULL, 5, 0);
