import { API } from '@showdown/shared/api-paths';
import type { GameReport } from '@showdown/shared/api';
import { api } from '../../../lib/api-client';

/** GET the report of the board's ended game, for the recap: no sign-in. */
export async function fetchBoardReport(code: string): Promise<GameReport> {
  return (await api.get<GameReport>(API.boardReport(code))).data;
}
