CREATE TABLE "used_social_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_social_tokens_expires_idx" ON "used_social_tokens" USING btree ("expires_at");