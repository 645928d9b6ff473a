import type { GameReport } from '@showdown/shared/api';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api-client';

interface Answer<K> {
  key: K;
  report: GameReport | null;
  error: string | null;
  gone: boolean;
}

/**
 * A report loaded once per `key` (a game id, a share token, a board code; nothing while null)
 * with `load`: the report, or the message of the error that refused it (and whether the server
 * said there is no such report: `gone`). Only the answer for the current key counts: one that
 * comes after the screen moved on, or for a key it no longer shows, is dropped.
 */
export function useReport<K extends string | number>(
  key: K | null,
  load: (key: K) => Promise<GameReport>,
): { report: GameReport | null; error: string | null; gone: boolean } {
  const [answer, setAnswer] = useState<Answer<K> | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key).then(
      (report) => live && setAnswer({ key, report, error: null, gone: false }),
      (e: unknown) => {
        if (!live) return;
        const gone = e instanceof ApiError && e.status === 404;
        setAnswer({ key, report: null, error: errorMessage(e), gone });
      },
    );
    return () => {
      live = false;
    };
  }, [key, load]);

  const mine = answer !== null && answer.key === key ? answer : null;
  return { report: mine?.report ?? null, error: mine?.error ?? null, gone: mine?.gone ?? false };
}
