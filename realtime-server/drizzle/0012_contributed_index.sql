-- An order's answer sums what the player was given (the 'start' and 'payday' entries
-- of the ledger, showdown_player_facts) through ledger_entries_player_idx, which holds every
-- entry of the player: each buy and sell added one more to read, so an order cost more with
-- every trade the player had made before (PGlite's own CPU per order, 3,000 orders a pass over 30
-- players: 0.99 ms in the pass that took them from 100 to 200 trades each, 1.61 ms from 500 to
-- 600). This index holds only those entries, at most a start and three paydays a player (and what
-- undo writes of them); buys and sells do not enter it, so inserting them costs nothing more.
-- With it, the same passes cost 0.76-0.84 ms each, flat.
CREATE INDEX "ledger_entries_contributed_idx" ON "ledger_entries" USING btree ("player_id") INCLUDE ("delta_paise") WHERE kind IN ('start', 'payday');
