CREATE TABLE "sys_gateway_route" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"url" varchar(500) NOT NULL,
	"method" varchar(8) NOT NULL,
	"headers" text,
	"timeout_ms" integer NOT NULL,
	"status" varchar(1) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_gateway_route_code_key" ON "sys_gateway_route" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_gateway_route_name_key" ON "sys_gateway_route" USING btree ("name");