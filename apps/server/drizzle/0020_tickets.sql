CREATE SEQUENCE "public"."tb_ticket_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "tb_ticket_entry" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"ticket_id" varchar(32) NOT NULL,
	"action" varchar(16),
	"status" varchar(16),
	"content" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" varchar(32) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tb_ticket" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"title" varchar(100) NOT NULL,
	"category" varchar(16) NOT NULL,
	"station_id" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"contact" varchar(50) NOT NULL,
	"contact_mobile" varchar(32) NOT NULL,
	"description" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitter_id" varchar(32) NOT NULL,
	"resolved" boolean,
	"speed_rating" smallint,
	"attitude_rating" smallint,
	"close_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tb_ticket_entry" ADD CONSTRAINT "tb_ticket_entry_ticket_id_tb_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tb_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_ticket" ADD CONSTRAINT "tb_ticket_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tb_ticket_entry_ticket_idx" ON "tb_ticket_entry" USING btree ("ticket_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_ticket_order_no_key" ON "tb_ticket" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "tb_ticket_tenant_time_idx" ON "tb_ticket" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "tb_ticket_submitter_idx" ON "tb_ticket" USING btree ("submitter_id");--> statement-breakpoint
CREATE INDEX "tb_ticket_station_idx" ON "tb_ticket" USING btree ("station_id");