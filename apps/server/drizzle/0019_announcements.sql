CREATE TABLE "sys_announcement_send" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"annt_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"read_flag" smallint DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_announcement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"titile" varchar(100) NOT NULL,
	"msg_content" text NOT NULL,
	"msg_abstract" varchar(500),
	"sender" varchar(64),
	"priority" varchar(1) DEFAULT 'L' NOT NULL,
	"msg_category" varchar(1) DEFAULT '1' NOT NULL,
	"msg_type" varchar(8) NOT NULL,
	"send_status" varchar(1) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"open_type" varchar(16),
	"open_page" varchar(500),
	"bus_type" varchar(32),
	"bus_id" varchar(64),
	"title_words" jsonb,
	"message_words" jsonb,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_annt_id_sys_announcement_id_fk" FOREIGN KEY ("annt_id") REFERENCES "public"."sys_announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD CONSTRAINT "sys_announcement_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_announcement_send_key" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_announcement_send_user_idx" ON "sys_announcement_send" USING btree ("user_id","read_flag");--> statement-breakpoint
CREATE INDEX "sys_announcement_reach_idx" ON "sys_announcement" USING btree ("tenant_id","send_status","msg_category","send_time");