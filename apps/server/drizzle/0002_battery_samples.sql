-- Battery readings: one wide row per battery per timestamp, idempotent on (battery_sn, ts).
-- Partitioned by month so old data is dropped by detaching a partition, and each month's index
-- stays small. Partitions are created ahead by cs_ensure_sample_partitions(), which the server
-- runs at start and daily; the protocol refuses timestamps outside 400 days back / 1 day ahead.
CREATE TABLE "tb_battery_sample" (
	"battery_sn" varchar(40) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"state" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"soc" real NOT NULL,
	"soh" real NOT NULL,
	"cycles" integer NOT NULL,
	"voltage" real NOT NULL,
	"current" real NOT NULL,
	"power" real NOT NULL,
	"temperature" real NOT NULL,
	"charge_energy_today" real NOT NULL,
	"discharge_energy_today" real NOT NULL,
	"relay_main" boolean NOT NULL,
	"relay_charge" boolean NOT NULL,
	"relay_discharge" boolean NOT NULL,
	"role" varchar(16) NOT NULL,
	"work_mode" varchar(32) NOT NULL,
	"cell_voltages" real[] NOT NULL,
	"cell_temperatures" real[] NOT NULL,
	PRIMARY KEY ("battery_sn", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE FUNCTION cs_ensure_sample_partitions(first_month date, months integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
	created integer := 0;
	month_start date;
	partition_name text;
BEGIN
	FOR i IN 0 .. months - 1 LOOP
		month_start := (date_trunc('month', first_month) + make_interval(months => i))::date;
		partition_name := 'tb_battery_sample_' || to_char(month_start, 'YYYYMM');
		IF to_regclass(partition_name) IS NULL THEN
			EXECUTE format(
				'CREATE TABLE %I PARTITION OF tb_battery_sample FOR VALUES FROM (%L) TO (%L)',
				partition_name,
				month_start::timestamp AT TIME ZONE 'UTC',
				(month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC'
			);
			created := created + 1;
		END IF;
	END LOOP;
	RETURN created;
END $$;
--> statement-breakpoint
SELECT cs_ensure_sample_partitions((now() - interval '14 months')::date, 17);
