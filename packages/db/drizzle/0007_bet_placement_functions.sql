-- Takes a bet's stake and writes the bet in one call: the player account is debited only if it
-- holds the stake; then the bet, its selections (arrays in position order), its `placed` audit entry
-- and the balanced `stake` posting (player leg and house leg with their ledger entries). Answers no
-- row when the player lacks the funds, and writes nothing then.
--
-- A function rather than one statement sent from the API: PL/pgSQL keeps each statement's plan for
-- the connection, so a placement is neither parsed nor planned again. Locks are taken player row
-- first and house row last, so the shared house row is held for the shortest time.
CREATE FUNCTION place_bet_with_stake(
  p_ref text, p_player_id bigint, p_account_id bigint, p_house_account_id bigint, p_type text,
  p_currency text, p_stake bigint, p_odds integer, p_potential_win bigint,
  p_system_win_count smallint, p_system_total_count smallint, p_custom_odds integer,
  p_is_vip boolean, p_quick boolean, p_device_id text, p_odds_accept_mode text, p_at timestamptz,
  p_audit jsonb,
  p_match_ids bigint[], p_market_row_ids bigint[], p_market_ids integer[], p_specifiers text[],
  p_outcome_ids text[], p_selection_odds integer[]
) RETURNS TABLE (placed_bet_id bigint, player_balance bigint, selection_ids bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_house_balance bigint;
  v_bet_id bigint;
  v_transaction_id bigint;
  v_selection_ids bigint[];
BEGIN
  UPDATE accounts SET balance = accounts.balance - p_stake
    WHERE accounts.id = p_account_id AND accounts.currency = p_currency AND accounts.kind = 'player'
      AND accounts.balance >= p_stake
    RETURNING accounts.balance INTO v_balance;
  IF NOT FOUND THEN
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

  RETURN QUERY SELECT v_bet_id, v_balance, v_selection_ids;
END
$$;
--> statement-breakpoint
-- The current state of the selections a slip names (each key: match, market id, specifier,
-- outcome id), joined to its market, match, sport and competitors; unknown keys are absent.
--
-- A function so that its plan can be generic: left to itself PostgreSQL plans a prepared statement
-- afresh for every placement (a generic plan's guess at the key count costs more than a custom plan
-- for one key), and planning the six-table join costs more than running it. The generic plan walks
-- the keys through the identity indexes of markets and outcomes, whatever their number.
CREATE FUNCTION selection_states(
  p_match_ids bigint[], p_market_ids integer[], p_specifiers text[], p_outcome_ids text[]
) RETURNS TABLE (
  match_id bigint, match_urn_id text, match_slug text, match_name text, match_translations jsonb,
  match_status smallint, start_time timestamptz, provider text, sport_key text,
  market_row_id bigint, market_id integer, specifier text, market_name text,
  market_translations jsonb, market_status smallint, custom_bet_groups text[],
  outcome_id text, outcome_name text, outcome_translations jsonb, odds integer, active boolean,
  home_name text, home_translations jsonb, away_name text, away_translations jsonb
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT m.id, m.urn_id, m.slug, m.name, m.translations, m.status, m.start_time, m.provider, sp.key,
      mk.id, mk.market_id, mk.specifier, mk.name, mk.translations, mk.status, mk.custom_bet_groups,
      o.outcome_id, o.name, o.translations, o.odds, o.active,
      home.name, home.translations, away.name, away.translations
    FROM unnest(p_match_ids, p_market_ids, p_specifiers, p_outcome_ids)
      AS k(match_id, market_id, specifier, outcome_id)
    JOIN markets mk ON mk.match_id = k.match_id AND mk.market_id = k.market_id
      AND mk.specifier = k.specifier
    JOIN outcomes o ON o.market_row_id = mk.id AND o.outcome_id = k.outcome_id
    JOIN matches m ON m.id = mk.match_id
    JOIN sports sp ON sp.id = m.sport_id
    LEFT JOIN competitors home ON home.id = m.home_competitor_id
    LEFT JOIN competitors away ON away.id = m.away_competitor_id;
END
$$;
--> statement-breakpoint
-- Everything a placement decides with, in one round trip: the session behind the cookie's token
-- hash (no row when there is none or it was revoked; expiry is the caller's check, on its clock),
-- the player's accounts, odds-change policy and whether limits are in force (confirmed limits
-- count: they become active when due, so the stake must pass the locked check too), and the state
-- of the slip's selections as `selection_states` answers it.
CREATE FUNCTION bet_placement_context(
  p_token_hash text, p_match_ids bigint[], p_market_ids integer[], p_specifiers text[],
  p_outcome_ids text[]
) RETURNS TABLE (
  player_id bigint, player_status text, player_is_vip boolean, csrf_token text,
  expires_at timestamptz, accounts json, odds_accept_mode text, limited boolean, states json
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
      FROM selection_states(p_match_ids, p_market_ids, p_specifiers, p_outcome_ids) st);
END
$$;
