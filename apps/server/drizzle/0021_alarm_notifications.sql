CREATE TABLE "tb_alarm_delivery" (
	"event_id" varchar(32) NOT NULL,
	"recipient_id" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tb_alarm_delivery_event_id_recipient_id_kind_pk" PRIMARY KEY("event_id","recipient_id","kind")
);
--> statement-breakpoint
CREATE TABLE "tb_alarm_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"station_id" varchar(32),
	"event_types" varchar(16)[] NOT NULL,
	"delay_minutes" integer NOT NULL,
	"escalate_after_minutes" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tb_alarm_setting" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tb_alarm_delivery" ADD CONSTRAINT "tb_alarm_delivery_event_id_tb_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."tb_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_alarm_delivery" ADD CONSTRAINT "tb_alarm_delivery_recipient_id_sys_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_alarm_rule" ADD CONSTRAINT "tb_alarm_rule_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_alarm_rule" ADD CONSTRAINT "tb_alarm_rule_station_id_tb_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."tb_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_alarm_setting" ADD CONSTRAINT "tb_alarm_setting_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tb_alarm_delivery_recipient_idx" ON "tb_alarm_delivery" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_alarm_rule_station_key" ON "tb_alarm_rule" USING btree ("user_id",coalesce("station_id", ''));