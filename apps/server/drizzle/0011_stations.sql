CREATE TABLE "tb_station" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" varchar(32),
	"name" varchar(64) NOT NULL,
	"station_type" smallint DEFAULT 0 NOT NULL,
	"timezone" integer DEFAULT 343 NOT NULL,
	"zone" varchar(64) DEFAULT 'Asia/Shanghai' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"address" varchar(255),
	"thumb_url" varchar(200),
	"customer" varchar(100),
	"phone" varchar(32),
	"email" varchar(100),
	"region" varchar(100),
	"remark" varchar(500),
	"inverter_brand" varchar(64),
	"inverter_model" varchar(64),
	"inverter_quantity" integer,
	"owner_id" varchar(32),
	"installer_id" varchar(32),
	"distributor_id" varchar(32),
	"status" smallint DEFAULT 3 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tb_logger" ADD COLUMN "station_id" varchar(32);--> statement-breakpoint
ALTER TABLE "tb_logger" ADD COLUMN "registrant_id" varchar(32);--> statement-breakpoint
ALTER TABLE "tb_logger" ADD COLUMN "product_code" varchar(40);--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "account_type" varchar(16) DEFAULT 'end_user' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "superior_id" varchar(32);--> statement-breakpoint
ALTER TABLE "tb_station" ADD CONSTRAINT "tb_station_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_station" ADD CONSTRAINT "tb_station_owner_id_sys_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_station" ADD CONSTRAINT "tb_station_installer_id_sys_user_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_station" ADD CONSTRAINT "tb_station_distributor_id_sys_user_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tb_station_tenant_idx" ON "tb_station" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "tb_station_owner_idx" ON "tb_station" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tb_station_installer_idx" ON "tb_station" USING btree ("installer_id");--> statement-breakpoint
CREATE INDEX "tb_station_distributor_idx" ON "tb_station" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "tb_station_parent_idx" ON "tb_station" USING btree ("parent_id") WHERE "tb_station"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "tb_station_name_idx" ON "tb_station" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "tb_logger" ADD CONSTRAINT "tb_logger_station_id_tb_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."tb_station"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_logger" ADD CONSTRAINT "tb_logger_registrant_id_sys_user_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tb_logger_station_idx" ON "tb_logger" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_logger_product_code_key" ON "tb_logger" USING btree ("product_code") WHERE "tb_logger"."product_code" is not null;--> statement-breakpoint
CREATE INDEX "sys_user_superior_idx" ON "sys_user" USING btree ("superior_id") WHERE "sys_user"."superior_id" is not null;--> statement-breakpoint
-- Accounts made before the hierarchy: their account type follows their built-in role.
UPDATE "sys_user" SET "account_type" = 'admin' WHERE "id" IN (SELECT "user_id" FROM "sys_user_role" WHERE "role_id" = 'r-admin');--> statement-breakpoint
UPDATE "sys_user" SET "account_type" = 'distributor' WHERE "account_type" = 'end_user' AND "id" IN (SELECT "user_id" FROM "sys_user_role" WHERE "role_id" = 'r-distributor');--> statement-breakpoint
UPDATE "sys_user" SET "account_type" = 'installer' WHERE "account_type" = 'end_user' AND "id" IN (SELECT "user_id" FROM "sys_user_role" WHERE "role_id" = 'r-installer');--> statement-breakpoint
-- Loggers registered before: their registrant is the account that registered them.
UPDATE "tb_logger" SET "registrant_id" = (SELECT "id" FROM "sys_user" WHERE "sys_user"."username" = "tb_logger"."create_by");--> statement-breakpoint
-- One permission per remote operation replaces 'device:command:send' (the seed adds and grants them).
DELETE FROM "sys_role_permission" WHERE "permission_id" = 'b-command-send';--> statement-breakpoint
DELETE FROM "sys_permission" WHERE "id" = 'b-command-send';
