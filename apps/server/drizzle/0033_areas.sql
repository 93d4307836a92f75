CREATE TABLE "sys_area" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12),
	"name" varchar(100) NOT NULL,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_area_parent_idx" ON "sys_area" USING btree ("parent_code","code");