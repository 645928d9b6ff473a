import type { JoinGameData, TransactionEntry } from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import type { GameSnapshot } from '@showdown/shared/protocol';
import {
  causesCorrectedBy,
  initialGameData,
  priceMovesBetween,
  provisionalSnapshot,
  type GameData,
} from './game-data';
import type { SliceCreator } from './types';

export type GameRecipe = (game: GameSnapshot) => GameSnapshot;

export interface GameSlice extends GameData {
  /** The join answer: the game I am in (a new one clears the old one) and my seat, if any. */
  joinedBoard: (join: JoinGameData) => void;
  /**
   * The seq this device holds for `gameId` (null: none yet). A REST call captures it when it is
   * sent and hands it to `applyAnswer`.
   */
  seqFor: (gameId: number) => number | null;
  /**
   * Applies a REST answer to the game only if it is newer than what the device shows. Answers
   * carry no seq, so "newer" means: no socket snapshot or event was applied since the request was
   * sent (`sentAt`). Otherwise the socket already delivered a later state and the answer is
   * dropped; the event of the call's own change follows on the socket. Returns whether it applied.
   */
  applyAnswer: (gameId: number, sentAt: number | null, recipe: GameRecipe) => boolean;
  /**
   * A full snapshot from game:join / game:resync: replaces the game, unless it is older than the
   * one held (a join's answer overtaken by a resync's). Returns whether it replaced it.
   */
  loadSnapshot: (snapshot: GameSnapshot) => boolean;
  setAvatars: (avatars: AvatarOption[]) => void;
  setTransactions: (entries: TransactionEntry[], more: boolean, append: boolean) => void;
  clearGame: () => void;
}

export const createGameSlice: SliceCreator<GameSlice> = (set, get) => ({
  ...initialGameData(),
  joinedBoard: (join) =>
    set((state) => {
      const sameGame = state.game?.game.id === join.game_id;
      if (!sameGame) Object.assign(state, initialGameData());
      state.joinBrokerExists = join.broker_exists;
      const base = state.game && sameGame ? state.game : provisionalSnapshot(join.game_id);
      // A socket snapshot (seq > 0) owns the game; the join answer only seeds a provisional one.
      if (base.seq > 0) return;
      state.game = {
        ...base,
        game: { ...base.game, board_code: join.board_code, status: join.game_status },
        me:
          join.player_id !== null && join.role !== null
            ? {
                player_id: join.player_id,
                role: join.role,
                portfolio: base.me?.portfolio ?? null,
                mayhem_responded: base.me?.mayhem_responded ?? false,
              }
            : base.me,
      };
    }),
  seqFor: (gameId) => {
    const { game } = get();
    return game?.game.id === gameId ? game.seq : null;
  },
  applyAnswer: (gameId, sentAt, recipe) => {
    const { game } = get();
    const current = game?.game.id === gameId ? game : null;
    if ((current?.seq ?? null) !== sentAt) return false;
    const next = recipe(current ?? provisionalSnapshot(gameId));
    set((state) => {
      if (!current) Object.assign(state, initialGameData());
      else Object.assign(state.priceMoves, priceMovesBetween(current, next, 'update'));
      state.game = next;
    });
    return true;
  },
  loadSnapshot: (snapshot) => {
    const { game } = get();
    const same = game?.game.id === snapshot.game.id;
    if (same && snapshot.seq < game.seq) return false;
    set((state) => {
      if (!same) Object.assign(state, initialGameData());
      // Prices that moved while this device was away still get their cue, and the cue of a
      // price a REST read showed first gets its cause.
      else if (game) {
        Object.assign(state.priceMoves, causesCorrectedBy(state.priceMoves, snapshot));
        Object.assign(state.priceMoves, priceMovesBetween(game, snapshot, 'update'));
      }
      state.game = snapshot;
    });
    return true;
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
