import type { Portfolio, PortfolioRow } from '@showdown/shared/api';
import { paiseToRupees, rupeesToPaise } from '@showdown/shared/money';
import { marketValuePaise, netWorthPaise, profitLossPaise } from '@showdown/shared/trading';

export interface HoldingValue {
  row: PortfolioRow;
  /** Rupees, from the shared core's paise arithmetic. */
  marketValue: number;
  profitLoss: number;
}

export interface PortfolioValues {
  /** Cash plus every holding at its current price (rupees). */
  netWorth: number;
  holdings: HoldingValue[];
}

/** A portfolio valued with the shared core (netWorthPaise, marketValuePaise, profitLossPaise). */
export function valuePortfolio(portfolio: Portfolio): PortfolioValues {
  const holdings = portfolio.portfolio_data.map((row) => {
    const holding = {
      quantity: row.total_quantity,
      investedPaise: rupeesToPaise(row.total_invested_price),
    };
    const pricePaise = rupeesToPaise(row.current_price);
    return {
      row,
      marketValue: paiseToRupees(marketValuePaise(holding, pricePaise)),
      profitLoss: paiseToRupees(profitLossPaise(holding, pricePaise)),
    };
  });
  const netWorth = netWorthPaise(
    rupeesToPaise(portfolio.current_balance),
    portfolio.portfolio_data.map((row) => ({
      quantity: row.total_quantity,
      pricePaise: rupeesToPaise(row.current_price),
    })),
  );
  return { netWorth: paiseToRupees(netWorth), holdings };
}
