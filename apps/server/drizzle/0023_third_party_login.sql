CREATE TABLE "sys_login_ticket" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_third_account" (
	"provider" varchar(16) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_login_ticket" ADD CONSTRAINT "sys_login_ticket_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_third_account" ADD CONSTRAINT "sys_third_account_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_third_account_subject_key" ON "sys_third_account" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "sys_third_account_user_idx" ON "sys_third_account" USING btree ("user_id");