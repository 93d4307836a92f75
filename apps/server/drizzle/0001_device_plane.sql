CREATE TABLE "tb_battery" (
	"battery_sn" varchar(40) PRIMARY KEY NOT NULL,
	"logger_gsn" varchar(32) NOT NULL,
	"bms_sn" varchar(40),
	"bmu_sn" varchar(40),
	"alias" varchar(64),
	"last_ts" timestamp with time zone,
	"state" varchar(16),
	"status" varchar(16),
	"soc" double precision,
	"soh" double precision,
	"cycles" integer,
	"voltage" double precision,
	"current" double precision,
	"power" double precision,
	"temperature" double precision,
	"charge_energy_today" double precision,
	"discharge_energy_today" double precision,
	"relay_main" boolean,
	"relay_charge" boolean,
	"relay_discharge" boolean,
	"hw_version" varchar(32),
	"sw_version" varchar(32),
	"role" varchar(16),
	"work_mode" varchar(32),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tb_battery_rollup" (
	"battery_sn" varchar(40) NOT NULL,
	"period" varchar(2) NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"soc_sum" double precision NOT NULL,
	"soc_min" double precision NOT NULL,
	"soc_max" double precision NOT NULL,
	"power_sum" double precision NOT NULL,
	"power_min" double precision NOT NULL,
	"power_max" double precision NOT NULL,
	"voltage_sum" double precision NOT NULL,
	"current_sum" double precision NOT NULL,
	"temperature_sum" double precision NOT NULL,
	"temperature_max" double precision NOT NULL,
	"charge_energy" double precision NOT NULL,
	"discharge_energy" double precision NOT NULL,
	CONSTRAINT "tb_battery_rollup_battery_sn_period_bucket_start_pk" PRIMARY KEY("battery_sn","period","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "tb_command" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"logger_gsn" varchar(32) NOT NULL,
	"battery_sn" varchar(40),
	"op" varchar(16) NOT NULL,
	"val" text DEFAULT '' NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"code" integer,
	"message" varchar(256),
	"progress" double precision,
	"upgrade_state" varchar(16),
	"create_by" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tb_event" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"logger_gsn" varchar(32) NOT NULL,
	"device_event_id" varchar(64) NOT NULL,
	"battery_sn" varchar(40),
	"type" varchar(16) NOT NULL,
	"code" varchar(32) NOT NULL,
	"category" varchar(32) DEFAULT '' NOT NULL,
	"begin_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tb_logger" (
	"gsn" varchar(32) PRIMARY KEY NOT NULL,
	"registration_key" varchar(64) NOT NULL,
	"alias" varchar(64),
	"timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"tenant_id" integer,
	"online" boolean DEFAULT false NOT NULL,
	"online_changed_at" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"signal" double precision,
	"firmware" varchar(32),
	"last_ip" varchar(64),
	"device_type" varchar(32),
	"brand" varchar(32),
	"lat" double precision,
	"lon" double precision,
	"status_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tb_battery" ADD CONSTRAINT "tb_battery_logger_gsn_tb_logger_gsn_fk" FOREIGN KEY ("logger_gsn") REFERENCES "public"."tb_logger"("gsn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_command" ADD CONSTRAINT "tb_command_logger_gsn_tb_logger_gsn_fk" FOREIGN KEY ("logger_gsn") REFERENCES "public"."tb_logger"("gsn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_event" ADD CONSTRAINT "tb_event_logger_gsn_tb_logger_gsn_fk" FOREIGN KEY ("logger_gsn") REFERENCES "public"."tb_logger"("gsn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_logger" ADD CONSTRAINT "tb_logger_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tb_battery_logger_idx" ON "tb_battery" USING btree ("logger_gsn");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_command_nonce_key" ON "tb_command" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "tb_command_logger_idx" ON "tb_command" USING btree ("logger_gsn","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_event_device_key" ON "tb_event" USING btree ("logger_gsn","device_event_id");--> statement-breakpoint
CREATE INDEX "tb_event_open_idx" ON "tb_event" USING btree ("logger_gsn") WHERE "tb_event"."end_time" is null;--> statement-breakpoint
CREATE INDEX "tb_event_begin_idx" ON "tb_event" USING btree ("begin_time");--> statement-breakpoint
CREATE INDEX "tb_logger_tenant_idx" ON "tb_logger" USING btree ("tenant_id");