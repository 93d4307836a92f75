CREATE TABLE "sys_permission_data_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"rule_column" varchar(50) NOT NULL,
	"rule_conditions" varchar(16) NOT NULL,
	"rule_value" varchar(300) NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role_data_rule" (
	"role_id" varchar(32) NOT NULL,
	"rule_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_role_data_rule_role_id_rule_id_pk" PRIMARY KEY("role_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_data_rule" (
	"depart_id" varchar(32) NOT NULL,
	"rule_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_data_rule_depart_id_rule_id_pk" PRIMARY KEY("depart_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_permission" (
	"depart_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_permission_depart_id_permission_id_pk" PRIMARY KEY("depart_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_data_rule" (
	"role_id" varchar(32) NOT NULL,
	"rule_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_role_data_rule_role_id_rule_id_pk" PRIMARY KEY("role_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"user_id" varchar(32) NOT NULL,
	"drole_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_role_user_user_id_drole_id_pk" PRIMARY KEY("user_id","drole_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"role_name" varchar(100) NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_run" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_id" varchar(32) NOT NULL,
	"fire_time" timestamp with time zone NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone,
	"duration_ms" integer,
	"outcome" varchar(8) DEFAULT 'running' NOT NULL,
	"message" text,
	"process" varchar(100) NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_class_name" varchar(100) NOT NULL,
	"cron_expression" varchar(120) NOT NULL,
	"parameter" varchar(500),
	"description" varchar(200),
	"status" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_permission_data_rule" ADD CONSTRAINT "sys_permission_data_rule_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_rule_id_sys_permission_data_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sys_permission_data_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_data_rule" ADD CONSTRAINT "sys_depart_data_rule_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_data_rule" ADD CONSTRAINT "sys_depart_data_rule_rule_id_sys_permission_data_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sys_permission_data_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ADD CONSTRAINT "sys_depart_permission_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ADD CONSTRAINT "sys_depart_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_data_rule" ADD CONSTRAINT "sys_depart_role_data_rule_role_id_sys_depart_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_depart_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_data_rule" ADD CONSTRAINT "sys_depart_role_data_rule_rule_id_sys_permission_data_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sys_permission_data_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_role_id_sys_depart_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_depart_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_drole_id_sys_depart_role_id_fk" FOREIGN KEY ("drole_id") REFERENCES "public"."sys_depart_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role" ADD CONSTRAINT "sys_depart_role_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_quartz_job_run" ADD CONSTRAINT "sys_quartz_job_run_job_id_sys_quartz_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."sys_quartz_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_permission_data_rule_permission_idx" ON "sys_permission_data_rule" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "sys_role_data_rule_rule_idx" ON "sys_role_data_rule" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "sys_depart_role_user_role_idx" ON "sys_depart_role_user" USING btree ("drole_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_role_code_key" ON "sys_depart_role" USING btree ("role_code");--> statement-breakpoint
CREATE INDEX "sys_depart_role_depart_idx" ON "sys_depart_role" USING btree ("depart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_quartz_job_run_firing_key" ON "sys_quartz_job_run" USING btree ("job_id","fire_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_quartz_job_class_name_key" ON "sys_quartz_job" USING btree ("job_class_name");