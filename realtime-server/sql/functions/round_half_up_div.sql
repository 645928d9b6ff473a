-- Integer division rounded half up on the magnitude, keeping the sign, as shared/src/money.ts
-- roundHalfUpDiv: exact, in integer arithmetic on numeric (no decimal approximation).
CREATE OR REPLACE FUNCTION showdown_round_half_up_div(n numeric, d numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sign(n) * div(2 * abs(n) + d, 2 * d)
$$;
