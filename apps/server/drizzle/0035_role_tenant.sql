DROP INDEX "sys_role_code_key";--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
ALTER TABLE "sys_role" ADD CONSTRAINT "sys_role_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_role_tenant_idx" ON "sys_role" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "sys_role" ADD CONSTRAINT "sys_role_tenant_code_key" UNIQUE NULLS NOT DISTINCT("tenant_id","role_code");