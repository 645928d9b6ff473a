/** How an investor's net worth splits between cash and each holding (for the allocation chart). */
import type { Portfolio } from './api.ts';
import { roundHalfUpDiv, rupeesToPaise } from './money.ts';

export interface AllocationSlice {
  /** 'cash' or the company's stock id. */
  key: 'cash' | number;
  label: string;
  /** Rupees. */
  value: number;
  /** Share of net worth in percent, rounded half up to one decimal. */
  share: number;
}

/** Cash first, then every holding worth something, largest first; empty when worth nothing. */
export function allocationOf(portfolio: Portfolio): AllocationSlice[] {
  const parts = [
    { key: 'cash' as const, label: 'Cash', paise: rupeesToPaise(portfolio.current_balance) },
    ...portfolio.portfolio_data
      .map((row) => ({
        key: row.stock_id,
        label: row.name,
        paise: rupeesToPaise(row.market_value),
      }))
      .filter((p) => p.paise > 0)
      .sort((a, b) => b.paise - a.paise),
  ];
  const total = parts.reduce((sum, p) => sum + p.paise, 0);
  if (total <= 0) return [];
  return parts.map((p) => ({
    key: p.key,
    label: p.label,
    value: p.paise / 100,
    share: Number(roundHalfUpDiv(BigInt(p.paise) * 1000n, BigInt(total))) / 10,
  }));
}
