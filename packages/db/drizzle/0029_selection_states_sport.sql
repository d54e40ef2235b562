-- A selection's state names its sport too, so that what a placement tells the staff's bet ticker
-- comes from what it read to decide the bet instead of a second read after the commit
-- (`bet_placement_context` calls the function by name, so it needs no change).
DROP FUNCTION selection_states(bigint[], integer[], text[], text[]);--> statement-breakpoint
CREATE FUNCTION selection_states(
  p_match_ids bigint[], p_market_ids integer[], p_specifiers text[], p_outcome_ids text[]
) RETURNS TABLE (
  match_id bigint, match_urn_id text, match_slug text, match_name text, match_translations jsonb,
  match_status smallint, start_time timestamptz, provider text, sport_key text,
  market_row_id bigint, market_id integer, specifier text, market_name text,
  market_translations json, market_status smallint, custom_bet_groups text[],
  outcome_id text, outcome_name text, outcome_translations json, odds integer, active boolean,
  home_name text, home_translations jsonb, away_name text, away_translations jsonb,
  sport_id bigint, sport_name text
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT m.id, m.urn_id, m.slug, m.name, m.translations, m.status, m.start_time, m.provider, sp.key,
      mk.id, mk.market_id, mk.specifier, mk.name, mk.translations, mk.status, mk.custom_bet_groups,
      o.outcome_id, o.name, o.translations, o.odds, o.active,
      home.name, home.translations, away.name, away.translations, sp.id, sp.name
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
