CREATE TABLE "tb_battery_change" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"logger_gsn" varchar(32) NOT NULL,
	"station_id" varchar(32),
	"old_sn" varchar(40) NOT NULL,
	"new_sn" varchar(40) NOT NULL,
	"previous_logger_gsn" varchar(32),
	"change_time" timestamp with time zone NOT NULL,
	"source" varchar(16) NOT NULL,
	"remark" varchar(256),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tb_battery_change" ADD CONSTRAINT "tb_battery_change_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tb_battery_change_logger_idx" ON "tb_battery_change" USING btree ("logger_gsn","change_time");--> statement-breakpoint
CREATE INDEX "tb_battery_change_time_idx" ON "tb_battery_change" USING btree ("change_time");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_battery_change_detected_key" ON "tb_battery_change" USING btree ("logger_gsn","old_sn","new_sn") WHERE "tb_battery_change"."source" = 'detected';