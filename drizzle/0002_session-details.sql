ALTER TABLE "refresh_tokens" ADD COLUMN "client_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" varchar(512);