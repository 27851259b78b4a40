CREATE TABLE "run_state_chunks" (
	"run_id" text NOT NULL,
	"hash" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "run_state_chunks_pk" PRIMARY KEY("run_id","hash")
);
--> statement-breakpoint
ALTER TABLE "run_state_chunks" ADD CONSTRAINT "run_state_chunks_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;