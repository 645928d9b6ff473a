import type { Portfolio, TransactionEntry } from '@showdown/shared/api';
import type { SliceCreator } from './types';

export interface PortfolioData {
  portfolio: Portfolio | null;
  transactions: TransactionEntry[];
}

export interface PortfolioSlice extends PortfolioData {
  setPortfolio: (portfolio: Portfolio) => void;
  setTransactions: (transactions: TransactionEntry[]) => void;
}

export const initialPortfolioData = (): PortfolioData => ({ portfolio: null, transactions: [] });

export const createPortfolioSlice: SliceCreator<PortfolioSlice> = (set) => ({
  ...initialPortfolioData(),
  setPortfolio: (portfolio) =>
    set((state) => {
      state.portfolio = portfolio;
    }),
  setTransactions: (transactions) =>
    set((state) => {
      state.transactions = transactions;
    }),
});
