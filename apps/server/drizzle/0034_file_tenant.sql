ALTER TABLE "sys_file" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
-- Existing uploads: a ticket's or reply's attachment belongs to the ticket's tenant; any other file to
-- its uploader's first tenant (an active one first); a file whose uploader is in no tenant any more
-- to the installation's first tenant, where its platform administrator finds it.
UPDATE "sys_file" SET "tenant_id" = coalesce(
  (select t."tenant_id" from "tb_ticket" t where t."attachments" @> jsonb_build_array("sys_file"."path")
     or exists (select 1 from "tb_ticket_entry" e where e."ticket_id" = t."id" and e."attachments" @> jsonb_build_array("sys_file"."path"))
   order by t."create_time" limit 1),
  (select ut."tenant_id" from "sys_user_tenant" ut join "sys_tenant" st on st."id" = ut."tenant_id" where ut."user_id" = "sys_file"."user_id" order by (st."status" = 1) desc, ut."tenant_id" limit 1),
  (select min("id") from "sys_tenant"),
  1
);--> statement-breakpoint
ALTER TABLE "sys_file" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_file_tenant_time_idx" ON "sys_file" USING btree ("tenant_id","create_time");
