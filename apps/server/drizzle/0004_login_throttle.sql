ALTER TABLE "sys_user" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "locked_until";