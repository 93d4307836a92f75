CREATE TABLE "sys_file" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"path" varchar(200) NOT NULL,
	"biz" varchar(16) NOT NULL,
	"size" integer NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_file_path_key" ON "sys_file" USING btree ("path");--> statement-breakpoint
CREATE INDEX "sys_file_user_time_idx" ON "sys_file" USING btree ("user_id","create_time");