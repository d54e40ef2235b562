CREATE TABLE "hand_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hand_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" bigint NOT NULL,
	"market_row_id" bigint NOT NULL,
	"outcome_id" text,
	"action" text NOT NULL,
	"results" jsonb NOT NULL,
	"reason" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_conflicts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" bigint NOT NULL,
	"market_row_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"feed" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_risk_profiles" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"stake_factor" integer DEFAULT 1000 NOT NULL,
	"max_stake" bigint,
	"betting_blocked" boolean DEFAULT false NOT NULL,
	"live_betting_blocked" boolean DEFAULT false NOT NULL,
	"cashout_blocked" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_risk_profiles_factor" CHECK ("player_risk_profiles"."stake_factor" between 10 and 10000),
	CONSTRAINT "player_risk_profiles_max_stake" CHECK ("player_risk_profiles"."max_stake" is null or "player_risk_profiles"."max_stake" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hand_settlements" ADD CONSTRAINT "hand_settlements_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_conflicts" ADD CONSTRAINT "settlement_conflicts_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_risk_profiles" ADD CONSTRAINT "player_risk_profiles_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_risk_profiles" ADD CONSTRAINT "player_risk_profiles_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hand_settlements_market_idx" ON "hand_settlements" USING btree ("market_row_id") WHERE "hand_settlements"."released_at" is null;--> statement-breakpoint
CREATE INDEX "hand_settlements_match_idx" ON "hand_settlements" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "settlement_conflicts_open_idx" ON "settlement_conflicts" USING btree ("received_at") WHERE "settlement_conflicts"."status" = 'open';--> statement-breakpoint
-- A player's risk profile takes part in every placement: `bet_placement_context` answers it beside
-- the player's limits, and a bet decided on remembered state is confirmed only for a player with no
-- profile (the remembered decision knew none), as it already is only for a player with no limits.
DROP FUNCTION bet_placement_context(text, bigint[], integer[], text[], text[]);--> statement-breakpoint
CREATE FUNCTION bet_placement_context(
  p_token_hash text, p_match_ids bigint[], p_market_ids integer[], p_specifiers text[],
  p_outcome_ids text[]
) RETURNS TABLE (
  player_id bigint, player_status text, player_is_vip boolean, csrf_token text,
  expires_at timestamptz, accounts json, odds_accept_mode text, limited boolean, states json, risk json
)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_player_id bigint;
  v_status text;
  v_is_vip boolean;
  v_csrf_token text;
  v_expires_at timestamptz;
BEGIN
  SELECT s.player_id, p.status, p.is_vip, s.csrf_token, s.expires_at
    INTO v_player_id, v_status, v_is_vip, v_csrf_token, v_expires_at
    FROM sessions s JOIN players p ON p.id = s.player_id
    WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT v_player_id, v_status, v_is_vip, v_csrf_token, v_expires_at,
    (SELECT coalesce(json_agg(json_build_object('id', a.id, 'currency', a.currency, 'balance', a.balance)), '[]')
      FROM accounts a WHERE a.player_id = v_player_id),
    (SELECT ps.document->>'auto_accept_odds_change' FROM player_settings ps WHERE ps.player_id = v_player_id),
    EXISTS (SELECT 1 FROM limits l WHERE l.player_id = v_player_id AND l.status IN ('active', 'confirmed')),
    (SELECT coalesce(json_agg(st), '[]')
      FROM selection_states(p_match_ids, p_market_ids, p_specifiers, p_outcome_ids) st),
    (SELECT json_build_object('stake_factor', r.stake_factor, 'max_stake', r.max_stake,
        'betting_blocked', r.betting_blocked, 'live_betting_blocked', r.live_betting_blocked,
        'cashout_blocked', r.cashout_blocked)
      FROM player_risk_profiles r WHERE r.player_id = v_player_id);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_bet_with_stake(
  p_ref text, p_player_id bigint, p_account_id bigint, p_house_account_id bigint, p_type text,
  p_currency text, p_stake bigint, p_odds integer, p_potential_win bigint,
  p_system_win_count smallint, p_system_total_count smallint, p_custom_odds integer,
  p_is_vip boolean, p_quick boolean, p_device_id text, p_odds_accept_mode text, p_at timestamptz,
  p_audit jsonb,
  p_match_ids bigint[], p_market_row_ids bigint[], p_market_ids integer[], p_specifiers text[],
  p_outcome_ids text[], p_selection_odds integer[],
  p_token_hash text, p_csrf_token text, p_player_status text, p_stored_odds_accept_mode text,
  p_current_odds integer[], p_market_statuses smallint[], p_match_statuses smallint[]
) RETURNS TABLE (outcome text, placed_bet_id bigint, player_balance bigint, selection_ids bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_house_balance bigint;
  v_bet_id bigint;
  v_transaction_id bigint;
  v_selection_ids bigint[];
BEGIN
  IF p_token_hash IS NOT NULL THEN
    PERFORM 1 FROM sessions s JOIN players p ON p.id = s.player_id
      WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > p_at
        AND s.csrf_token = p_csrf_token AND s.player_id = p_player_id
        AND p.status = p_player_status AND p.is_vip = p_is_vip;
    IF NOT FOUND
      OR EXISTS (SELECT 1 FROM limits l WHERE l.player_id = p_player_id AND l.status IN ('active', 'confirmed'))
      OR EXISTS (SELECT 1 FROM player_risk_profiles r WHERE r.player_id = p_player_id)
      OR (SELECT ps.document->>'auto_accept_odds_change' FROM player_settings ps WHERE ps.player_id = p_player_id)
        IS DISTINCT FROM p_stored_odds_accept_mode
    THEN
      RETURN QUERY SELECT 'changed'::text, NULL::bigint, NULL::bigint, NULL::bigint[];
      RETURN;
    END IF;
    -- One selection at a time: each lookup is by primary or identity key with scalar parameters,
    -- so its plan is generic from the start.
    FOR i IN 1 .. cardinality(p_market_row_ids) LOOP
      PERFORM 1 FROM outcomes o
        JOIN markets mk ON mk.id = o.market_row_id
        JOIN matches m ON m.id = mk.match_id
        WHERE o.market_row_id = p_market_row_ids[i] AND o.outcome_id = p_outcome_ids[i]
          AND o.odds = p_current_odds[i] AND o.active
          AND mk.match_id = p_match_ids[i] AND mk.market_id = p_market_ids[i]
          AND mk.specifier = p_specifiers[i] AND mk.status = p_market_statuses[i]
          AND m.status = p_match_statuses[i];
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'changed'::text, NULL::bigint, NULL::bigint, NULL::bigint[];
        RETURN;
      END IF;
    END LOOP;
  END IF;

  UPDATE accounts SET balance = accounts.balance - p_stake
    WHERE accounts.id = p_account_id AND accounts.currency = p_currency AND accounts.kind = 'player'
      AND accounts.balance >= p_stake
    RETURNING accounts.balance INTO v_balance;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'short'::text, NULL::bigint, NULL::bigint, NULL::bigint[];
    RETURN;
  END IF;

  INSERT INTO bets (ref, player_id, account_id, type, status, currency, stake, active_stake, odds,
      potential_win, system_win_count, system_total_count, custom_odds, is_vip, quick, device_id,
      odds_accept_mode, created_at, updated_at)
    VALUES (p_ref, p_player_id, p_account_id, p_type, 'waiting_results', p_currency, p_stake, p_stake,
      p_odds, p_potential_win, p_system_win_count, p_system_total_count, p_custom_odds, p_is_vip,
      p_quick, p_device_id, p_odds_accept_mode, p_at, p_at)
    RETURNING bets.id INTO v_bet_id;

  WITH s AS (
    INSERT INTO bet_selections (bet_id, position, match_id, market_row_id, market_id, specifier,
        outcome_id, odds)
      SELECT v_bet_id, (v.ord - 1)::smallint, v.match_id, v.market_row_id, v.market_id, v.specifier,
        v.outcome_id, v.odds
      FROM unnest(p_match_ids, p_market_row_ids, p_market_ids, p_specifiers, p_outcome_ids,
        p_selection_odds) WITH ORDINALITY
        AS v(match_id, market_row_id, market_id, specifier, outcome_id, odds, ord)
      RETURNING bet_selections.id, bet_selections.position
  )
  SELECT array_agg(s.id ORDER BY s.position) INTO v_selection_ids FROM s;

  INSERT INTO audit_log (entity_type, entity_id, action, player_id, data, created_at)
    VALUES ('bet', v_bet_id::text, 'placed', p_player_id, p_audit, p_at);

  INSERT INTO ledger_transactions (kind, currency, reference_type, reference_id)
    VALUES ('stake', p_currency, 'bet', v_bet_id::text)
    RETURNING ledger_transactions.id INTO v_transaction_id;

  UPDATE accounts SET balance = accounts.balance + p_stake
    WHERE accounts.id = p_house_account_id AND accounts.currency = p_currency
      AND accounts.player_id IS NULL
    RETURNING accounts.balance INTO v_house_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'house account % does not hold %', p_house_account_id, p_currency;
  END IF;

  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    VALUES (v_transaction_id, p_account_id, -p_stake, v_balance),
      (v_transaction_id, p_house_account_id, p_stake, v_house_balance);

  RETURN QUERY SELECT 'placed'::text, v_bet_id, v_balance, v_selection_ids;
END
$$;
