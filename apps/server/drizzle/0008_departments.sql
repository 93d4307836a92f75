ALTER TABLE "sys_depart" ADD COLUMN "depart_name_en" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "org_category" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "description" varchar(500);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "mobile" varchar(32);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "fax" varchar(32);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "address" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "memo" varchar(500);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "status" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_depart_parent_idx" ON "sys_depart" USING btree ("parent_id");