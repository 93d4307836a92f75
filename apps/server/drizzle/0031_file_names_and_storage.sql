ALTER TABLE "sys_file" ADD COLUMN "name" varchar(200);--> statement-breakpoint
ALTER TABLE "sys_file" ADD COLUMN "mime" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_file" ADD COLUMN "storage" varchar(8) DEFAULT 'local' NOT NULL;