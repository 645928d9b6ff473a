import type { TransactionEntry } from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import type { GameSnapshot } from '@showdown/shared/protocol';
import { initialGameData, type GameData } from './game-data';
import type { SliceCreator } from './types';

export type GameRecipe = (game: GameSnapshot) => GameSnapshot;

export interface GameSlice extends GameData {
  /**
   * The seq this device holds for `gameId` (null: none yet). A REST call captures it when it is
   * sent and hands it to `applyAnswer` (game-updates.ts).
   */
  seqFor: (gameId: number) => number | null;
  setAvatars: (avatars: AvatarOption[]) => void;
  setTransactions: (entries: TransactionEntry[], more: boolean, append: boolean) => void;
  clearGame: () => void;
}

export const createGameSlice: SliceCreator<GameSlice> = (set, get) => ({
  ...initialGameData(),
  seqFor: (gameId) => {
    const { game } = get();
    return game?.game.id === gameId ? game.seq : null;
  },
  setAvatars: (avatars) =>
    set((state) => {
      state.avatars = avatars;
    }),
  setTransactions: (entries, more, append) =>
    set((state) => {
      if (!append) {
        state.transactions = entries;
        state.transactionsMore = more;
        return;
      }
      const known = new Set(state.transactions.map((t) => t.id));
      const older = entries.filter((t) => !known.has(t.id));
      state.transactions.push(...older);
      // A page that adds nothing new is the end, whatever its length.
      state.transactionsMore = more && older.length > 0;
    }),
  clearGame: () =>
    set((state) => {
      Object.assign(state, initialGameData());
    }),
});
