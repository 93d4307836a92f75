CREATE TABLE "sys_verification_code" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(100) NOT NULL,
	"user_id" varchar(32),
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_verification_code_target_idx" ON "sys_verification_code" USING btree ("purpose","target","create_time");--> statement-breakpoint
CREATE INDEX "sys_verification_code_ip_idx" ON "sys_verification_code" USING btree ("ip","create_time");--> statement-breakpoint
CREATE INDEX "sys_verification_code_user_idx" ON "sys_verification_code" USING btree ("user_id","create_time");