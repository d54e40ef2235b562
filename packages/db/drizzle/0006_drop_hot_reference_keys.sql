ALTER TABLE "bet_selections" DROP CONSTRAINT "bet_selections_match_id_matches_id_fk";
--> statement-breakpoint
ALTER TABLE "bet_selections" DROP CONSTRAINT "bet_selections_market_row_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_currency_currencies_code_fk";
