-- An undo's history entry holds the reversal's percentage: a company crashed from near the price
-- cap (₹1 crore) to the floor (₹1) comes back by up to +999,999,900 %, past numeric(8,2).
ALTER TABLE "transactions" ALTER COLUMN "percentage" SET DATA TYPE numeric(12, 2);
