-- Each tenant has its own departments. A department stored before belongs to the tenant of its
-- tree's members (the smallest tenant number among the users of any department under the same root:
-- org codes are three characters a level, so the root's code is the first three), else to the
-- first tenant (the platform's); a tree stays in one tenant.
ALTER TABLE "sys_depart" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
INSERT INTO "sys_tenant" ("id", "name") SELECT 1, 'Cellsight' WHERE NOT EXISTS (select 1 from "sys_tenant") AND EXISTS (select 1 from "sys_depart");--> statement-breakpoint
UPDATE "sys_depart" d SET "tenant_id" = coalesce(
  (select min(ut.tenant_id) from "sys_depart" s
     join "sys_user_depart" ud on ud.dep_id = s.id
     join "sys_user_tenant" ut on ut.user_id = ud.user_id
   where left(s.org_code, 3) = left(d.org_code, 3)),
  (select min(id) from "sys_tenant"));--> statement-breakpoint
ALTER TABLE "sys_depart" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_depart" ADD CONSTRAINT "sys_depart_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_depart_tenant_idx" ON "sys_depart" USING btree ("tenant_id");
