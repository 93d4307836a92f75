CREATE TABLE "sys_category" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"pid" varchar(32) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"has_child" varchar(1) DEFAULT '0' NOT NULL,
	"tenant_id" integer NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_json" text NOT NULL,
	"rule_description" varchar(200),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule_sequence" (
	"rule_code" varchar(100) NOT NULL,
	"period" varchar(16) NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "sys_fill_rule_sequence_rule_code_period_pk" PRIMARY KEY("rule_code","period")
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_class" varchar(32) NOT NULL,
	"rule_params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_category_tenant_code_key" ON "sys_category" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "sys_category_pid_idx" ON "sys_category" USING btree ("tenant_id","pid");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_check_rule_code_key" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_fill_rule_code_key" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
-- Ticket order numbers now come from the fill rule ticket_order_num (a daily counter): today's counter starts after the numbers the old sequence already gave today, so none repeats.
INSERT INTO "sys_fill_rule_sequence" ("rule_code", "period", "value")
SELECT 'ticket_order_num', to_char(now() at time zone 'UTC', 'YYYYMMDD'), max(substring("order_no" from 11)::bigint)
FROM "tb_ticket"
WHERE "order_no" ~ ('^WO' || to_char(now() at time zone 'UTC', 'YYYYMMDD') || '[0-9]{6,}$')
HAVING count(*) > 0;
