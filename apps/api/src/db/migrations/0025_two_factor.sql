-- Two-factor verification (docs/security.md "Two-factor verification"): a role may require it; a user's
-- TOTP secret (encrypted, pending until confirmed with a code) and the last time step accepted (a
-- code is accepted once); recovery codes (keyed hashes, single use); the short-lived challenges
-- between the password and the code (shared by every API process); and when each login last proved
-- who it is (re-authentication before sensitive changes).
ALTER TABLE "roles" ADD COLUMN "requires_mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "user_totp_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_totp" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_user_code_uq" ON "mfa_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE TRIGGER "mfa_recovery_codes_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mfa_recovery_codes" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_challenges_purpose_ck" CHECK ("mfa_challenges"."purpose" in ('verify', 'enroll'))
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenges_token_hash_uq" ON "mfa_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_idx" ON "mfa_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER "mfa_challenges_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mfa_challenges" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
CREATE TABLE "session_authentications" (
	"family_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_authentications" ADD CONSTRAINT "session_authentications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_authentications_user_idx" ON "session_authentications" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER "session_authentications_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "session_authentications" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
