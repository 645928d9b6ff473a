/** After the game: the report, its CSV, share links and "My games". Mounted at /api. */
import { Router, type Response } from 'express';
import { userGamesQuerySchema } from '@showdown/shared/api';
import { spectateSchema } from '@showdown/shared/protocol-schemas';
import type { AppContext } from '../context.ts';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import { MSG } from '@showdown/shared/messages';
import { parseInput } from '../http/errors.ts';
import { limitedLookup, type MissLimit } from '../http/miss-limit.ts';
import { publicOrigin } from '../http/public-config.ts';
import { parseId } from '../http/game-routes.ts';
import type { PageStatus } from '../http/web-app.ts';
import * as reports from './report-service.ts';

/**
 * `linkMisses`: share-link tokens that named no live link, per client address; `boardMisses`:
 * board codes that named no game (the spectators' limit).
 */
export function reportRouter(
  ctx: AppContext,
  linkMisses: MissLimit,
  boardMisses: MissLimit,
): Router {
  const router = Router();
  const auth = requireAuth(ctx.tokens);
  const user = (res: Response) => authOf(res).userId;

  router.get('/game/:id/report', auth, async (req, res) => {
    res.json({
      success: true,
      ...(await reports.gameReport(ctx, user(res), parseId(req.params.id))),
    });
  });
  router.get('/game/:id/report.csv', auth, async (req, res) => {
    const { filename, csv } = await reports.gameReportCsv(ctx, user(res), parseId(req.params.id));
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.attachment(filename);
    res.send(csv);
  });
  router.post('/game/:id/report/share', auth, async (req, res) => {
    const gameId = parseId(req.params.id);
    const origin = publicOrigin(ctx.config, req);
    res
      .status(201)
      .json({ success: true, ...(await reports.shareReport(ctx, user(res), gameId, origin)) });
  });
  router.delete('/game/:id/report/share', auth, async (req, res) => {
    res.json({
      success: true,
      ...(await reports.revokeReportShares(ctx, user(res), parseId(req.params.id))),
    });
  });
  // Signed out: whoever holds the link. Nothing private is in a report. The tokens are 256-bit;
  // guessing is slowed all the same, as guessing board codes is.
  router.get('/report/:token', async (req, res) => {
    const report = await limitedLookup(linkMisses, req.ip ?? '', MSG.REPORT_LINKS_LIMITED, () =>
      reports.sharedReport(ctx, req.params.token),
    );
    res.json({ success: true, ...report });
  });
  // Signed out: the table's TV, as it spectates the board; codes are guessed as seldom.
  router.get('/spectate/:code/report', async (req, res) => {
    const report = await limitedLookup(boardMisses, req.ip ?? '', MSG.SPECTATE_LIMITED, () =>
      reports.boardReport(ctx, parseInput(spectateSchema, { code: req.params.code }).code),
    );
    res.json({ success: true, ...report });
  });
  router.get('/user/games', auth, async (req, res) => {
    const page = parseInput(userGamesQuerySchema, req.query);
    res.json({ success: true, ...(await reports.userGames(ctx, user(res), page)) });
  });
  return router;
}

/**
 * The share page's status (`/report/{token}`, a page of the web app): 200 while the link is live,
 * 404 once revoked or when it never existed, so a link preview or a crawler sees a dead page. A
 * dead page is a miss as a dead link's JSON is (its status tells as much), and past the
 * address's misses the page answers 429 (the app then shows the JSON's refusal).
 */
export function sharePageStatus(ctx: AppContext, linkMisses: MissLimit): PageStatus {
  return (page, req) => {
    if (page !== '/report/:token') return undefined;
    const token = req.path.split('/')[2] ?? '';
    return sharePage(ctx, linkMisses, token, req.ip ?? '');
  };
}

async function sharePage(
  ctx: AppContext,
  linkMisses: MissLimit,
  token: string,
  address: string,
): Promise<number> {
  if (!(await linkMisses.allowed(address))) return 429;
  if (await reports.shareIsLive(ctx, token)) return 200;
  await linkMisses.missed(address);
  return 404;
}
