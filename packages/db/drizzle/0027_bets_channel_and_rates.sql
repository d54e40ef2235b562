ALTER TABLE "bets" ADD COLUMN "channel" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rate_micros" bigint;--> statement-breakpoint
CREATE INDEX "ledger_transactions_currency_created_idx" ON "ledger_transactions" USING btree ("currency","created_at");--> statement-breakpoint
-- Starting rates of the currencies the wallet starts with (EUR worth of one major unit, ×1 000 000);
-- the operator keeps them current. A currency added later has none until set: nothing converts into it.
UPDATE currencies SET rate_micros = v.rate FROM (VALUES
  ('EUR', 1000000), ('USD', 920000), ('GBP', 1170000), ('BRL', 170000), ('CAD', 680000),
  ('TRY', 28000), ('INR', 11000), ('BTC', 60000000000), ('ETH', 3000000000), ('USDT', 920000)
) AS v(code, rate) WHERE currencies.code = v.code AND currencies.rate_micros IS NULL;--> statement-breakpoint
-- Placement records the bet's channel (direct or embedded): the function takes it last. The old
-- signature goes first, or the new one would be an overload beside it.
DROP FUNCTION place_bet_with_stake(text, bigint, bigint, bigint, text, text, bigint, integer, bigint,
  smallint, smallint, integer, boolean, boolean, text, text, timestamptz, jsonb, bigint[], bigint[],
  integer[], text[], text[], integer[], text, text, text, text, integer[], smallint[], smallint[]);--> statement-breakpoint
CREATE FUNCTION place_bet_with_stake(
  p_ref text, p_player_id bigint, p_account_id bigint, p_house_account_id bigint, p_type text,
  p_currency text, p_stake bigint, p_odds integer, p_potential_win bigint,
  p_system_win_count smallint, p_system_total_count smallint, p_custom_odds integer,
  p_is_vip boolean, p_quick boolean, p_device_id text, p_odds_accept_mode text, p_at timestamptz,
  p_audit jsonb,
  p_match_ids bigint[], p_market_row_ids bigint[], p_market_ids integer[], p_specifiers text[],
  p_outcome_ids text[], p_selection_odds integer[],
  p_token_hash text, p_csrf_token text, p_player_status text, p_stored_odds_accept_mode text,
  p_current_odds integer[], p_market_statuses smallint[], p_match_statuses smallint[],
  p_channel text
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
      channel, odds_accept_mode, created_at, updated_at)
    VALUES (p_ref, p_player_id, p_account_id, p_type, 'waiting_results', p_currency, p_stake, p_stake,
      p_odds, p_potential_win, p_system_win_count, p_system_total_count, p_custom_odds, p_is_vip,
      p_quick, p_device_id, p_channel, p_odds_accept_mode, p_at, p_at)
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
