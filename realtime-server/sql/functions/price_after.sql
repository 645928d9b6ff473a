-- The price after a change of (p_numerator / p_denominator) %, exactly, as shared/src/pricing.ts
-- applyPercentChange: price × (100·den + num) / (100·den) rounded half up to the paisa, never
-- below p_floor_paise. A price update passes a whole percentage (den 1), a market mayhem
-- average its exact sum and count.
CREATE OR REPLACE FUNCTION showdown_price_after(
  p_price bigint, p_numerator bigint, p_denominator bigint, p_floor_paise bigint
) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT greatest(
    showdown_round_half_up_div(
      p_price::numeric * (100 * p_denominator + p_numerator), 100 * p_denominator),
    p_floor_paise)::bigint
$$;
