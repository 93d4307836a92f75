CREATE TABLE "tb_station_energy_day" (
	"station_id" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"charge_energy" double precision NOT NULL,
	"discharge_energy" double precision NOT NULL,
	CONSTRAINT "tb_station_energy_day_station_id_day_pk" PRIMARY KEY("station_id","day")
);
--> statement-breakpoint
CREATE TABLE "tb_station_energy_month" (
	"station_id" varchar(32) NOT NULL,
	"month" date NOT NULL,
	"charge_energy" double precision NOT NULL,
	"discharge_energy" double precision NOT NULL,
	CONSTRAINT "tb_station_energy_month_station_id_month_pk" PRIMARY KEY("station_id","month")
);
--> statement-breakpoint
CREATE TABLE "tb_tenant_energy_day" (
	"tenant_id" integer NOT NULL,
	"zone" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"charge_energy" double precision NOT NULL,
	"discharge_energy" double precision NOT NULL,
	CONSTRAINT "tb_tenant_energy_day_tenant_id_day_zone_pk" PRIMARY KEY("tenant_id","day","zone")
);
--> statement-breakpoint
CREATE TABLE "tb_tenant_energy_month" (
	"tenant_id" integer NOT NULL,
	"zone" varchar(64) NOT NULL,
	"month" date NOT NULL,
	"charge_energy" double precision NOT NULL,
	"discharge_energy" double precision NOT NULL,
	CONSTRAINT "tb_tenant_energy_month_tenant_id_month_zone_pk" PRIMARY KEY("tenant_id","month","zone")
);
--> statement-breakpoint
ALTER TABLE "tb_station_energy_day" ADD CONSTRAINT "tb_station_energy_day_station_id_tb_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."tb_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_station_energy_month" ADD CONSTRAINT "tb_station_energy_month_station_id_tb_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."tb_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_tenant_energy_day" ADD CONSTRAINT "tb_tenant_energy_day_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_tenant_energy_month" ADD CONSTRAINT "tb_tenant_energy_month_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_station_energy_day_day" ON "tb_station_energy_day" USING btree ("day","station_id","charge_energy","discharge_energy");--> statement-breakpoint
CREATE INDEX "idx_station_energy_month_month" ON "tb_station_energy_month" USING btree ("month","station_id","charge_energy","discharge_energy");--> statement-breakpoint
-- Recomputes the station energy days of the last `days` station-local days before today (null: every
-- stored day) from the batteries' daily rollups, then the months those days fall in, then both per
-- tenant and time zone. A battery's energy counts at the station its logger is on now. Station rows
-- are written only when they changed; the tenant rows of the window are rebuilt (a few per day).
-- Only one caller refreshes at a time: with `wait` false the others return -1 at once (several
-- server processes each run the refresh on their own timer), with `wait` true they wait their turn.
CREATE FUNCTION cs_refresh_station_energy(days integer, wait boolean DEFAULT false) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
	changed integer;
	months_changed integer;
	-- A day more than asked for: a station far west of UTC is still on the day before.
	first_day date := CASE WHEN days IS NULL THEN NULL ELSE current_date - days - 1 END;
	first_month date := CASE WHEN days IS NULL THEN NULL ELSE date_trunc('month', current_date - days - 1)::date END;
BEGIN
	IF wait THEN
		PERFORM pg_advisory_xact_lock(hashtext('cs_refresh_station_energy'));
	ELSIF NOT pg_try_advisory_xact_lock(hashtext('cs_refresh_station_energy')) THEN
		RETURN -1;
	END IF;
	-- Each battery's recent daily buckets by its rollups' primary key (battery, period, start): a
	-- hundred thousand short index reads, not a scan of the rollups. OFFSET 0 keeps PostgreSQL from
	-- flattening the lateral read into a join it would then run as a scan.
	INSERT INTO tb_station_energy_day AS d (station_id, day, charge_energy, discharge_energy)
	SELECT l.station_id, (r.bucket_start AT TIME ZONE s.zone)::date, sum(r.charge_energy), sum(r.discharge_energy)
	FROM tb_station s
		JOIN tb_logger l ON l.station_id = s.id
		JOIN tb_battery b ON b.logger_gsn = l.gsn
		CROSS JOIN LATERAL (
			SELECT r.bucket_start, r.charge_energy, r.discharge_energy FROM tb_battery_rollup r
			WHERE r.battery_sn = b.battery_sn AND r.period = '1d'
				AND r.bucket_start >= CASE WHEN days IS NULL THEN '-infinity'::timestamptz
					ELSE (((now() AT TIME ZONE s.zone)::date - days)::timestamp AT TIME ZONE s.zone) END
			OFFSET 0
		) r
	GROUP BY 1, 2
	ORDER BY 1, 2
	ON CONFLICT (station_id, day) DO UPDATE SET charge_energy = excluded.charge_energy, discharge_energy = excluded.discharge_energy
	WHERE (d.charge_energy, d.discharge_energy) IS DISTINCT FROM (excluded.charge_energy, excluded.discharge_energy);
	GET DIAGNOSTICS changed = ROW_COUNT;

	INSERT INTO tb_station_energy_month AS m (station_id, month, charge_energy, discharge_energy)
	SELECT d.station_id, date_trunc('month', d.day)::date, sum(d.charge_energy), sum(d.discharge_energy)
	FROM tb_station_energy_day d
	WHERE first_month IS NULL OR d.day >= first_month
	GROUP BY 1, 2
	ORDER BY 1, 2
	ON CONFLICT (station_id, month) DO UPDATE SET charge_energy = excluded.charge_energy, discharge_energy = excluded.discharge_energy
	WHERE (m.charge_energy, m.discharge_energy) IS DISTINCT FROM (excluded.charge_energy, excluded.discharge_energy);
	GET DIAGNOSTICS months_changed = ROW_COUNT;

	DELETE FROM tb_tenant_energy_day WHERE first_day IS NULL OR day >= first_day;
	INSERT INTO tb_tenant_energy_day (tenant_id, zone, day, charge_energy, discharge_energy)
	SELECT s.tenant_id, s.zone, d.day, sum(d.charge_energy), sum(d.discharge_energy)
	FROM tb_station_energy_day d JOIN tb_station s ON s.id = d.station_id
	WHERE first_day IS NULL OR d.day >= first_day
	GROUP BY 1, 2, 3;
	DELETE FROM tb_tenant_energy_month WHERE first_month IS NULL OR month >= first_month;
	INSERT INTO tb_tenant_energy_month (tenant_id, zone, month, charge_energy, discharge_energy)
	SELECT s.tenant_id, s.zone, m.month, sum(m.charge_energy), sum(m.discharge_energy)
	FROM tb_station_energy_month m JOIN tb_station s ON s.id = m.station_id
	WHERE first_month IS NULL OR m.month >= first_month
	GROUP BY 1, 2, 3;
	RETURN changed + months_changed;
END;
$$;
--> statement-breakpoint
SELECT cs_refresh_station_energy(NULL, true);
