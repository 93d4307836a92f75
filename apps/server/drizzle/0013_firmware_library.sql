CREATE TABLE "tb_firmware" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"file_name" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"remark" varchar(256),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tb_firmware" ADD CONSTRAINT "tb_firmware_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tb_firmware_version_key" ON "tb_firmware" USING btree ("tenant_id","device_type","version");