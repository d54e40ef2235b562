DROP INDEX "accounts_house_currency_key";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_house_currency_shard_key" ON "accounts" USING btree ("kind","currency","shard") WHERE "accounts"."player_id" is null;