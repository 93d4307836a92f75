ALTER TABLE "tb_event" ADD COLUMN "start_soc" double precision;--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "start_voltage" double precision;--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "start_current" double precision;--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "start_power" double precision;--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "start_temperature" double precision;--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "acknowledged_by" varchar(32);--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "acknowledged_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tb_event" ADD COLUMN "ack_comment" varchar(256);--> statement-breakpoint
ALTER TABLE "tb_event" ADD CONSTRAINT "tb_event_acknowledged_by_sys_user_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;