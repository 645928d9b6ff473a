import type { GameReport } from '@showdown/shared/api';
import { useEffect, useState } from 'react';
import { fetchBoardReport } from '../api/board-report-api';

/**
 * The report of the board's ended game while `code` is set: the report, or `failed` when the
 * server would not give it (the TV then goes straight to the podium).
 */
export function useBoardReport(
  code: string | null,
  load: (code: string) => Promise<GameReport> = fetchBoardReport,
): { report: GameReport | null; failed: boolean } {
  const [answer, setAnswer] = useState<{ code: string; report: GameReport | null } | null>(null);
  useEffect(() => {
    if (code === null) return;
    let live = true;
    load(code).then(
      (report) => live && setAnswer({ code, report }),
      () => live && setAnswer({ code, report: null }),
    );
    return () => {
      live = false;
    };
  }, [code, load]);
  const mine = answer !== null && answer.code === code;
  return { report: mine ? answer.report : null, failed: mine && answer.report === null };
}
