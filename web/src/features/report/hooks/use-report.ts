import type { GameReport } from '@showdown/shared/api';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/**
 * A report loaded once per `key` (a game id, a share token; nothing while null) with `load`:
 * the report, or the message of the error that refused it. An answer that comes after the
 * screen moved on is dropped.
 */
export function useReport<K extends string | number>(
  key: K | null,
  load: (key: K) => Promise<GameReport>,
): { report: GameReport | null; error: string | null } {
  const [report, setReport] = useState<GameReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key).then(
      (answer) => live && setReport(answer),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [key, load]);

  return { report, error };
}
