ALTER TABLE "error_statuses" DROP CONSTRAINT "error_statuses_color_ck";
--> statement-breakpoint
ALTER TABLE "error_statuses" ADD CONSTRAINT "error_statuses_color_ck" CHECK ("error_statuses"."color" in ('success', 'info', 'warn', 'danger', 'secondary', 'contrast', 'cyan', 'purple'));
--> statement-breakpoint
ALTER TABLE "order_statuses" DROP CONSTRAINT "order_statuses_color_ck";
--> statement-breakpoint
ALTER TABLE "order_statuses" ADD CONSTRAINT "order_statuses_color_ck" CHECK ("order_statuses"."color" in ('success', 'info', 'warn', 'danger', 'secondary', 'contrast', 'cyan', 'purple'));
--> statement-breakpoint
ALTER TABLE "registration_statuses" DROP CONSTRAINT "registration_statuses_color_ck";
--> statement-breakpoint
ALTER TABLE "registration_statuses" ADD CONSTRAINT "registration_statuses_color_ck" CHECK ("registration_statuses"."color" in ('success', 'info', 'warn', 'danger', 'secondary', 'contrast', 'cyan', 'purple'));
--> statement-breakpoint
ALTER TABLE "stamp_statuses" DROP CONSTRAINT "stamp_statuses_color_ck";
--> statement-breakpoint
ALTER TABLE "stamp_statuses" ADD CONSTRAINT "stamp_statuses_color_ck" CHECK ("stamp_statuses"."color" in ('success', 'info', 'warn', 'danger', 'secondary', 'contrast', 'cyan', 'purple'));
--> statement-breakpoint
UPDATE "order_statuses" SET "color" = 'cyan', "version" = "version" + 1, "updated_at" = now() WHERE "code" = 'autorizado' AND "color" = 'success';
--> statement-breakpoint
UPDATE "order_statuses" SET "color" = 'purple', "version" = "version" + 1, "updated_at" = now() WHERE "code" = 'comprado' AND "color" = 'contrast';
--> statement-breakpoint
UPDATE "order_statuses" SET "color" = 'contrast', "version" = "version" + 1, "updated_at" = now() WHERE "code" = 'cancelado' AND "color" = 'danger';
