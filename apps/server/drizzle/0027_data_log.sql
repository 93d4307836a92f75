CREATE TABLE "sys_data_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"data_table" varchar(32) NOT NULL,
	"data_id" varchar(64) NOT NULL,
	"action" varchar(8) NOT NULL,
	"data_version" integer NOT NULL,
	"data_content" jsonb,
	"data_before" jsonb,
	"tenant_id" integer,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_log_version_key" ON "sys_data_log" USING btree ("data_table","data_id","data_version");--> statement-breakpoint
CREATE INDEX "sys_data_log_time_idx" ON "sys_data_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_data_log_tenant_idx" ON "sys_data_log" USING btree ("tenant_id");