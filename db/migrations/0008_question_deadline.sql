ALTER TABLE "questions" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "on_deadline" text;