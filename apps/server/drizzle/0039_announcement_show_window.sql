ALTER TABLE "sys_announcement" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "end_time" timestamp with time zone;