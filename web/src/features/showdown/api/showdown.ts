import { API } from '@showdown/shared/api';
import { GAME_STATUS, ORDERBOOK } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** One row of the showdown: a player and their net worth in rupees. */
export interface StandingRow {
  player_id: number;
  username: string;
  avatar_id: number | null;
  balance: number;
  rank?: number;
  rank_label?: string;
  rank_name?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toRow(value: unknown): StandingRow | null {
  if (!isRecord(value)) return null;
  const id = value.player_id ?? value.id;
  const { username, balance } = value;
  if (typeof id !== 'number' || typeof username !== 'string') return null;
  const amount = typeof balance === 'string' ? Number(balance) : balance;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  return {
    player_id: id,
    username,
    avatar_id: typeof value.avatar_id === 'number' ? value.avatar_id : null,
    balance: amount,
    ...(typeof value.rank === 'number' && { rank: value.rank }),
    ...(typeof value.rank_label === 'string' && { rank_label: value.rank_label }),
    ...(typeof value.rank_name === 'string' && { rank_name: value.rank_name }),
  };
}

/** The showdown answer is a list of players, bare or under `players` / `ranking`. */
export function standingsFrom(data: unknown): StandingRow[] {
  const list = Array.isArray(data)
    ? data
    : isRecord(data)
      ? [data.players, data.ranking, data.game_players_data].find(Array.isArray)
      : undefined;
  return (list ?? []).map(toRow).filter((row): row is StandingRow => row !== null);
}

/** GET every player's balance (allowed on a completed game too). */
export async function loadShowdown(gameId: number): Promise<StandingRow[]> {
  const { data } = await runRequest('showdown', () => api.get<unknown>(API.showdown(gameId)));
  return standingsFrom(data);
}

/** Broker: ends the game; the final ranking arrives with the `game:ended` event. */
export async function endGame(gameId: number): Promise<void> {
  await runRequest('endGame', () => api.post<unknown>(API.end(gameId)));
  const { setGameStatus, setOrderbook } = useAppStore.getState();
  setGameStatus(GAME_STATUS.COMPLETED);
  setOrderbook(ORDERBOOK.OFF, null);
}
