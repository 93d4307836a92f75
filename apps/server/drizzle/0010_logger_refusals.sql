CREATE TABLE "tb_logger_refusal" (
	"logger_gsn" varchar(32) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"count" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_topic" varchar(256),
	"last_detail" text,
	"last_example" text,
	CONSTRAINT "tb_logger_refusal_logger_gsn_reason_pk" PRIMARY KEY("logger_gsn","reason")
);
--> statement-breakpoint
ALTER TABLE "tb_logger_refusal" ADD CONSTRAINT "tb_logger_refusal_logger_gsn_tb_logger_gsn_fk" FOREIGN KEY ("logger_gsn") REFERENCES "public"."tb_logger"("gsn") ON DELETE cascade ON UPDATE no action;