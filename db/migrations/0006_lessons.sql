CREATE TABLE "lessons" (
	"id" text PRIMARY KEY NOT NULL,
	"tool" text NOT NULL,
	"trigger" text NOT NULL,
	"failure_code" text NOT NULL,
	"language" text NOT NULL,
	"goal_terms" jsonb NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"rule" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_count" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"helped_count" integer DEFAULT 0 NOT NULL,
	"confidence" double precision NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"disabled_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lessons_recall_idx" ON "lessons" USING btree ("language","tool","failure_code","trigger");--> statement-breakpoint
CREATE INDEX "lessons_updated_at_idx" ON "lessons" USING btree ("updated_at");