-- A market mayhem average's price: showdown_price_after, stopped at the cap where a price update
-- is refused instead.
CREATE OR REPLACE FUNCTION showdown_mayhem_price(
  p_price bigint, p_sum bigint, p_count bigint, p_floor_paise bigint, p_cap_paise bigint
) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT least(showdown_price_after(p_price, p_sum, p_count, p_floor_paise), p_cap_paise)
$$;
