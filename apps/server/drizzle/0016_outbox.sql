CREATE TABLE "sys_outbox" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(100) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(8) NOT NULL,
	"error" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_outbox" ADD CONSTRAINT "sys_outbox_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_outbox_tenant_time_idx" ON "sys_outbox" USING btree ("tenant_id","create_time");