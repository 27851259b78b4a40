ALTER TABLE "runs" ADD COLUMN "prefix_run_id" text;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_prefix_run_id_runs_id_fk" FOREIGN KEY ("prefix_run_id") REFERENCES "public"."runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runs_prefix_run_id_idx" ON "runs" USING btree ("prefix_run_id") WHERE "runs"."prefix_run_id" is not null;