import type { GameReport } from '@showdown/shared/api';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * A report loaded once per `key` (a game id, a share token; nothing while null) with `load`:
 * the report, or the message of the error that refused it (and whether the server said there is
 * no such report: `gone`). An answer that comes after the screen moved on is dropped.
 */
export function useReport<K extends string | number>(
  key: K | null,
  load: (key: K) => Promise<GameReport>,
): { report: GameReport | null; error: string | null; gone: boolean } {
  const [report, setReport] = useState<GameReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key).then(
      (answer) => live && setReport(answer),
      (e: unknown) => {
        if (!live) return;
        setError(errorMessage(e));
        setGone(e instanceof ApiError && e.status === 404);
      },
    );
    return () => {
      live = false;
    };
  }, [key, load]);

  return { report, error, gone };
}
