import { API } from '@showdown/shared/api-paths';
import type { GameReport, ReportShare } from '@showdown/shared/api';
import { api, apiUrl, getAccessToken, refreshAccessToken, ApiError } from '../../../lib/api-client';
import { msg, t } from '../../../i18n';

/** GET a completed game's report (seated players). */
export async function fetchReport(gameId: number): Promise<GameReport> {
  return (await api.get<GameReport>(API.report(gameId))).data;
}

/** GET the report behind a share link: no sign-in. */
export async function fetchSharedReport(token: string): Promise<GameReport> {
  return (await api.get<GameReport>(API.sharedReport(token))).data;
}

/** A new signed-out link to the report. */
export async function shareReport(gameId: number): Promise<string> {
  return (await api.post<ReportShare>(API.reportShare(gameId))).data.url;
}

/** Revokes every link the caller made for this game's report. */
export async function revokeReportLinks(gameId: number): Promise<number> {
  return (await api.delete<{ revoked: number }>(API.reportShare(gameId))).data.revoked;
}

/**
 * Downloads the report's CSV: fetched with the access token (a plain link would carry none),
 * then handed to the browser as a file under the server's name.
 */
export async function downloadReportCsv(gameId: number): Promise<void> {
  const get = () =>
    fetch(apiUrl(API.reportCsv(gameId)), {
      headers: { Authorization: `Bearer ${getAccessToken() ?? ''}`, Accept: 'text/csv' },
    });
  let response = await get();
  if (response.status === 401 || response.status === 403) {
    await refreshAccessToken();
    response = await get();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      t(body?.error?.message ?? msg('The CSV could not be downloaded.')),
      response.status,
      body?.error?.code ?? 'HTTP',
      body,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `game-${gameId}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
