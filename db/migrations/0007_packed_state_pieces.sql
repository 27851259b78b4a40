ALTER TABLE "run_state_chunks" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "run_state_chunks" ADD COLUMN "packed" "bytea";--> statement-breakpoint
ALTER TABLE "run_state_chunks" ADD CONSTRAINT "run_state_chunks_stored" CHECK ("run_state_chunks"."data" is not null or "run_state_chunks"."packed" is not null);