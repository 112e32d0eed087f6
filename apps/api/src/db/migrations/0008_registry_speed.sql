DROP INDEX "registry_movements_cut_idx";--> statement-breakpoint
CREATE INDEX "registry_movements_cut_created_idx" ON "registry_movements" USING btree ("cut_id","created_at" DESC NULLS LAST,"id");