CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" varchar(64),
	"user_agent" varchar(512),
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"generation" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Every existing family becomes a session, so signed-in clients stay signed in. Where and when it was
-- last used is its newest token's. Revocations were always of whole families, so a family with any
-- revoked token was revoked: a token that escaped such a revocation in a race dies with it here.
INSERT INTO "sessions" ("id", "user_id", "created_at", "last_used_at", "client_ip", "user_agent", "expires_at", "revoked_at")
SELECT "token_family", min("user_id"), min("created_at"), max("created_at"),
	(array_agg("client_ip" ORDER BY "created_at" DESC, "used_at" DESC NULLS FIRST))[1],
	(array_agg("user_agent" ORDER BY "created_at" DESC, "used_at" DESC NULLS FIRST))[1],
	max("expires_at"), max("revoked_at")
FROM "refresh_tokens" GROUP BY "token_family";--> statement-breakpoint
UPDATE "refresh_tokens" SET "revoked_at" = "sessions"."revoked_at" FROM "sessions"
WHERE "sessions"."id" = "refresh_tokens"."token_family" AND "sessions"."revoked_at" IS NOT NULL
	AND "refresh_tokens"."revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_token_family_sessions_id_fk" FOREIGN KEY ("token_family") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "client_ip";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "user_agent";