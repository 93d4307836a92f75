-- Each tenant keeps its own positions and online reports. A row stored before belongs to the first
-- tenant (by number) of the user who made it, else to the first tenant (the platform's).
DROP INDEX "sys_position_code_key";--> statement-breakpoint
DROP INDEX "onl_cgreport_head_code_key";--> statement-breakpoint
ALTER TABLE "sys_position" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
ALTER TABLE "onl_cgreport_head" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
-- The reports an earlier migration ships exist before the first start has seeded the platform's tenant.
INSERT INTO "sys_tenant" ("id", "name") SELECT 1, 'Cellsight' WHERE NOT EXISTS (select 1 from "sys_tenant") AND (EXISTS (select 1 from "onl_cgreport_head") OR EXISTS (select 1 from "sys_position"));--> statement-breakpoint
UPDATE "sys_position" p SET "tenant_id" = coalesce(
  (select min(ut.tenant_id) from "sys_user" u join "sys_user_tenant" ut on ut.user_id = u.id where u.username = p.create_by),
  (select min(id) from "sys_tenant"));--> statement-breakpoint
UPDATE "onl_cgreport_head" r SET "tenant_id" = coalesce(
  (select min(ut.tenant_id) from "sys_user" u join "sys_user_tenant" ut on ut.user_id = u.id where u.username = r.create_by),
  (select min(id) from "sys_tenant"));--> statement-breakpoint
ALTER TABLE "sys_position" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "onl_cgreport_head" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_position" ADD CONSTRAINT "sys_position_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_cgreport_head" ADD CONSTRAINT "onl_cgreport_head_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_position_tenant_code_key" ON "sys_position" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_head_tenant_code_key" ON "onl_cgreport_head" USING btree ("tenant_id","code");
