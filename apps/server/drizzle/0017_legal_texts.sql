CREATE TABLE "sys_legal_text" (
	"kind" varchar(16) NOT NULL,
	"language" varchar(8) NOT NULL,
	"content" text NOT NULL,
	"update_by" varchar(64) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_legal_text_kind_language_pk" PRIMARY KEY("kind","language")
);
