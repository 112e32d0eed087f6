-- A login (refresh-token family) as «Mi cuenta → Sesiones» shows it: the device and address it began
-- from (when it was last renewed is its live refresh token's creation). Bookkeeping like refresh_tokens: no write counter, and no access
-- announcement (ending a session revokes its refresh tokens, whose trigger announces it).
CREATE TABLE "session_devices" (
	"family_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_devices_user_idx" ON "session_devices" ("user_id");
--> statement-breakpoint
-- A GOC user's account at the company's OpenID Provider, keyed by (issuer, sub) as OpenID Connect
-- asks: the e-mail only links it the first time (docs/security.md).
CREATE TABLE "oidc_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oidc_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_issuer_subject_uq" ON "oidc_identities" ("issuer", "subject");
--> statement-breakpoint
CREATE INDEX "oidc_identities_user_idx" ON "oidc_identities" ("user_id");
--> statement-breakpoint
-- A sign-in with the OpenID Provider under way, across API processes: the state, nonce and PKCE
-- verifier of the authorization request, bound to the browser that began it; then the single-use
-- code the SPA exchanges for its session. Only hashes of the state, binding and code are kept.
CREATE TABLE "oidc_sign_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oidc_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"exchange_hash" text,
	"user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sign_ins_state_uq" ON "oidc_sign_ins" ("state_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sign_ins_exchange_uq" ON "oidc_sign_ins" ("exchange_hash");
