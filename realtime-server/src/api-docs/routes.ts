/**
 * Every HTTP route of the server, one declarative entry each: the source of `GET /api/openapi.json`.
 * A route added to Express without its entry here fails `test/api-docs.test.ts`, which walks the
 * real app's router. To document a route: add an entry (method, Express path, tag, summary, and
 * its body, query and answer as zod schemas from `@showdown/shared`).
 */
import { z } from 'zod';
import {
  boardStatusDataSchema,
  brokerHandoverSchema,
  changeRoleSchema,
  gameReportSchema,
  historyQuerySchema,
  joinGameSchema,
  loginSchema,
  mayhemCreateSchema,
  mayhemRespondSchema,
  orderbookSchema,
  practiceCreateSchema,
  practiceDataSchema,
  priceUpdateSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
  reportShareSchema,
  resendOtpSchema,
  selectRoleSchema,
  sendOtpSchema,
  settingsSchema,
  tradeSchema,
  userGamesQuerySchema,
  userGamesSchema,
} from '@showdown/shared/api';
import {
  ANSWER_SCHEMAS,
  apiFailureSchema,
  authDataSchema,
  avatarOptionSchema,
  brokerChangeSchema,
  gameSettingsSchema,
  joinGameDataSchema,
  lobbyDataSchema,
  mayhemAverageDataSchema,
  mayhemDataSchema,
  orderbookDataSchema,
  phasePauseDataSchema,
  portfolioSchema,
  priceUpdateDataSchema,
  pricePointSchema,
  publicConfigDataSchema,
  publicPlayerSchema,
  rankingEntrySchema,
  refreshDataSchema,
  registrationDataSchema,
  sendOtpDataSchema,
  stocksDataSchema,
  transactionEntrySchema,
  undoneActionSchema,
  userDetailsSchema,
} from '@showdown/shared/api-answers';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface RouteAnswer {
  description: string;
  /** JSON unless said otherwise; several when the answer may be any of them. */
  contentType?: string | string[];
  schema: z.ZodType;
}

export interface RouteDoc {
  method: Method;
  /** The path as Express matches it (`:name` parameters), from the root. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call: a signed-in user's access token (the default), anyone, or the metrics token. */
  auth?: 'user' | 'public' | 'metrics';
  /** Descriptions of the path parameters (each is a string in the path). */
  params?: Record<string, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  headers?: Record<string, { description: string; schema: z.ZodType }>;
  /** The `data` of the usual success answer `{ success: true, message?, data }`. */
  data?: z.ZodType;
  /** An answer of another shape (health, CSV, the documents themselves) instead of `data`. */
  answer?: RouteAnswer;
  /** The success status; 200 unless said. */
  status?: number;
  /** Failures whose body says more than the error shape. */
  failures?: Record<number, RouteAnswer>;
}

/** The usual success answer around `data`. */
export const successSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

/**
 * Named schemas of the documents (`#/components/schemas/<name>`): the answers' building blocks.
 * A schema used by several routes belongs here, so it is described once.
 */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ...ANSWER_SCHEMAS,
  GameReport: gameReportSchema,
  UserGames: userGamesSchema,
  ReportShare: reportShareSchema,
  BoardStatusData: boardStatusDataSchema,
};

const GAME_ID = 'The game id.';
const MAYHEM_ID = 'The market mayhem list id.';
const json = (description: string, schema: z.ZodType): RouteAnswer => ({ description, schema });
const text = (description: string, contentType: string | string[]): RouteAnswer => ({
  description,
  contentType,
  schema: z.string(),
});
const documentAnswer = (description: string) =>
  json(description, z.looseObject({}).describe('A JSON document'));

export const REST_ROUTES: RouteDoc[] = [
  // ---------- sign-in (/api/auth) ----------
  {
    method: 'post',
    path: '/api/auth/send-otp',
    tag: 'auth',
    auth: 'public',
    summary: 'Send a one-time code to a phone',
    body: sendOtpSchema,
    data: sendOtpDataSchema,
  },
  {
    method: 'post',
    path: '/api/auth/register/sendotp',
    tag: 'auth',
    auth: 'public',
    summary: 'Send a one-time code to a phone (the registration screen’s name for send-otp)',
    body: sendOtpSchema,
    data: sendOtpDataSchema,
  },
  {
    method: 'post',
    path: '/api/auth/resend-otp',
    tag: 'auth',
    auth: 'public',
    summary: 'Send the code of an earlier send-otp again',
    body: resendOtpSchema,
    data: sendOtpDataSchema,
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    auth: 'public',
    summary: 'Sign in with the one-time code',
    description:
      'A phone without an account gets 404 NO_USER with a registration token, for /api/auth/register.',
    body: loginSchema,
    data: authDataSchema,
    failures: {
      404: json(
        'NO_USER: the phone passed the code and may register with this token',
        apiFailureSchema.extend({ data: registrationDataSchema }),
      ),
    },
  },
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    auth: 'public',
    summary: 'Create the account of a verified phone',
    description:
      'The first clients read user_details and token_details at the top level; data has them too.',
    body: registerSchema,
    status: 201,
    answer: json(
      'Registered and signed in',
      successSchema(authDataSchema).extend(authDataSchema.shape),
    ),
  },
  {
    method: 'post',
    path: '/api/auth/refresh-access-token',
    tag: 'auth',
    auth: 'public',
    summary: 'Trade a refresh token for new tokens (the old refresh token is spent)',
    body: refreshSchema,
    data: refreshDataSchema,
  },
  {
    method: 'get',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Sign this session out on every device and node',
    data: z.null(),
  },

  // ---------- the user ----------
  {
    method: 'get',
    path: '/api/user/profile',
    tag: 'user',
    summary: 'The signed-in user',
    data: userDetailsSchema,
  },
  {
    method: 'put',
    path: '/api/user/profile',
    tag: 'user',
    summary: 'Change the name, email or avatar',
    body: profileUpdateSchema,
    data: userDetailsSchema,
  },
  {
    method: 'get',
    path: '/api/avatars',
    tag: 'user',
    summary: 'The avatar catalogue',
    data: z.array(avatarOptionSchema),
  },
  {
    method: 'get',
    path: '/api/user/games',
    tag: 'report',
    summary: 'My games, newest first, a page at a time',
    query: userGamesQuerySchema,
    data: userGamesSchema,
  },

  // ---------- practice against bots ----------
  {
    method: 'post',
    path: '/api/practice',
    tag: 'practice',
    summary: 'Open a practice game against bots',
    description:
      'The person plays as an investor beside a bot broker (`investor`), as the broker of bot ' +
      'investors (`broker`), or watches bots play (`watch`, on the TV screen with the answer’s ' +
      '`board_code`). At most 3 practice games open per person (429 past it); they do not count ' +
      'against the lobby limits, and end themselves after 2 hours with nothing happening.',
    body: practiceCreateSchema,
    data: practiceDataSchema,
    status: 201,
  },

  // ---------- the lobby ----------
  {
    method: 'post',
    path: '/api/game/join',
    tag: 'lobby',
    summary: 'Open the board’s game, or join the open one',
    body: joinGameSchema,
    data: joinGameDataSchema,
  },
  {
    method: 'get',
    path: '/api/board/:code',
    tag: 'lobby',
    summary: 'Whether a board has an open game (reads only)',
    params: { code: 'The 4-character board code.' },
    data: boardStatusDataSchema,
  },
  {
    method: 'get',
    path: '/api/game/:id/avatars',
    tag: 'lobby',
    summary: 'Avatars still free in the game',
    params: { id: GAME_ID },
    data: z.array(avatarOptionSchema),
  },
  {
    method: 'get',
    path: '/api/game/:id/lobby',
    tag: 'lobby',
    summary: 'The players of the game and the caller’s seat',
    params: { id: GAME_ID },
    data: lobbyDataSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/select-role',
    tag: 'lobby',
    summary: 'Take a seat: broker, investor or both',
    params: { id: GAME_ID },
    body: selectRoleSchema,
    data: publicPlayerSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/change-role',
    tag: 'lobby',
    summary: 'Change one’s role (or, as the broker, a player’s)',
    params: { id: GAME_ID },
    body: changeRoleSchema,
    data: publicPlayerSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/remove-player/:playerId',
    tag: 'lobby',
    summary: 'The broker removes a player from the lobby',
    params: { id: GAME_ID, playerId: 'The player id.' },
    data: z.object({ player_id: z.number().int() }),
  },
  {
    method: 'get',
    path: '/api/game/:id/settings',
    tag: 'lobby',
    summary: 'The game’s settings and phase',
    params: { id: GAME_ID },
    data: gameSettingsSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/settings',
    tag: 'lobby',
    summary: 'The broker sets the starting funds, payday and trade phase length',
    params: { id: GAME_ID },
    body: settingsSchema,
    data: gameSettingsSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/start',
    tag: 'lobby',
    summary: 'The broker starts the game',
    params: { id: GAME_ID },
    data: z.object({ game_status: z.literal(2) }),
  },

  // ---------- the running game ----------
  {
    method: 'post',
    path: '/api/game/:id/first-player',
    tag: 'game',
    summary: 'The broker draws who plays first',
    params: { id: GAME_ID },
    data: ANSWER_SCHEMAS.FirstPlayer,
  },
  {
    method: 'put',
    path: '/api/game/:id/update/orderbook',
    tag: 'game',
    summary: 'The broker opens or closes a trade phase',
    params: { id: GAME_ID },
    body: orderbookSchema,
    data: orderbookDataSchema,
  },
  {
    method: 'get',
    path: '/api/game/:id/stocks',
    tag: 'game',
    summary: 'The companies and their prices',
    params: { id: GAME_ID },
    data: stocksDataSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/stocks',
    tag: 'game',
    summary: 'The broker moves a company’s price by a percentage',
    params: { id: GAME_ID },
    body: priceUpdateSchema,
    data: priceUpdateDataSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/stocks/trade',
    tag: 'game',
    summary: 'An investor buys or sells during a trade phase',
    params: { id: GAME_ID },
    headers: {
      'Idempotency-Key': {
        description: 'Repeating a key repeats the first answer instead of trading twice.',
        schema: z.string().regex(/^[\x21-\x7e]{1,128}$/),
      },
    },
    body: tradeSchema,
    data: portfolioSchema,
  },
  {
    method: 'put',
    path: '/api/game/:id/payday',
    tag: 'game',
    summary: 'The broker gives every investor a payday',
    params: { id: GAME_ID },
    data: z.object({ amount: z.number(), paydays_given: z.number().int() }),
  },
  {
    method: 'get',
    path: '/api/game/:id/user/portfolio',
    tag: 'game',
    summary: 'The caller’s cash, holdings and net worth',
    params: { id: GAME_ID },
    data: portfolioSchema,
  },
  {
    method: 'get',
    path: '/api/game/:id/prices/history',
    tag: 'game',
    summary: 'Every price point of the game, oldest first',
    params: { id: GAME_ID },
    data: z.array(pricePointSchema),
  },
  {
    method: 'get',
    path: '/api/game/:id/transactions',
    tag: 'game',
    summary: 'The caller’s history, newest first, a page at a time',
    params: { id: GAME_ID },
    query: historyQuerySchema,
    data: z.array(transactionEntrySchema),
  },
  {
    method: 'get',
    path: '/api/game/:id/history',
    tag: 'game',
    summary: 'The same read as /transactions',
    params: { id: GAME_ID },
    query: historyQuerySchema,
    data: z.array(transactionEntrySchema),
  },
  {
    method: 'post',
    path: '/api/game/:id/end',
    tag: 'game',
    summary: 'The broker ends the game: the final ranking',
    params: { id: GAME_ID },
    data: z.array(rankingEntrySchema),
  },
  {
    method: 'get',
    path: '/api/game/:id/showdown',
    tag: 'game',
    summary: 'The final ranking of a completed game',
    params: { id: GAME_ID },
    data: z.array(rankingEntrySchema),
  },
  {
    method: 'post',
    path: '/api/game/:id/undo',
    tag: 'game',
    summary: 'The broker undoes the last price update, payday or averaged mayhem list',
    description:
      'Within 60 seconds and before any order; 409 when there is nothing to undo, it is too late, or an order came after it.',
    params: { id: GAME_ID },
    data: undoneActionSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/broker/handover',
    tag: 'game',
    summary: 'The broker hands the broker’s powers to a seated player',
    description:
      'In the lobby or the running game. An Investor becomes Investor & Broker; the broker’s seat becomes Investor, or Former broker (role 4).',
    params: { id: GAME_ID },
    body: brokerHandoverSchema,
    data: brokerChangeSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/broker/claim',
    tag: 'game',
    summary: 'A seated player takes the broker’s powers',
    description:
      'Once no device of the broker has been connected for 60 seconds; before that 409 with the time left.',
    params: { id: GAME_ID },
    data: brokerChangeSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/phase/pause',
    tag: 'game',
    summary: 'The broker stops the trade phase’s clock (orders wait)',
    description: 'Pausing a paused phase changes nothing; 409 when no phase is open.',
    params: { id: GAME_ID },
    data: phasePauseDataSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/phase/resume',
    tag: 'game',
    summary: 'The broker runs the paused trade phase again for the time it had left',
    description: 'Resuming a running phase answers it; 409 when the phase is not paused.',
    params: { id: GAME_ID },
    data: phasePauseDataSchema,
  },

  // ---------- market mayhem ----------
  {
    method: 'post',
    path: '/api/marketMayhem/game/:id',
    tag: 'mayhem',
    summary: 'The broker opens a market mayhem list',
    params: { id: GAME_ID },
    body: mayhemCreateSchema,
    status: 201,
    data: mayhemDataSchema,
  },
  {
    method: 'get',
    path: '/api/marketMayhem/game/:id',
    tag: 'mayhem',
    summary: 'The open market mayhem list and the caller’s answer',
    params: { id: GAME_ID },
    data: mayhemDataSchema,
  },
  {
    method: 'post',
    path: '/api/marketMayhem/:id/respond',
    tag: 'mayhem',
    summary: 'An investor answers the list',
    params: { id: MAYHEM_ID },
    body: mayhemRespondSchema,
    data: z.object({ mayhem_id: z.number().int(), responses_count: z.number().int() }),
  },
  {
    method: 'post',
    path: '/api/marketMayhem/:id/average',
    tag: 'mayhem',
    summary: 'The broker closes the list: prices move by the averages',
    params: { id: MAYHEM_ID },
    data: mayhemAverageDataSchema,
  },

  // ---------- after the game ----------
  {
    method: 'post',
    path: '/api/game/:id/rematch',
    tag: 'report',
    summary: 'Play again: the broker opens a new lobby on the completed game’s board code',
    description:
      'Same settings, the broker seated with the same role and avatar; every device of the game is told (game:rematch). 409 when the game has not ended, its rematch is open, or the board has another open game.',
    params: { id: GAME_ID },
    status: 201,
    data: joinGameDataSchema,
  },
  {
    method: 'post',
    path: '/api/game/:id/recap/skip',
    tag: 'report',
    summary: 'The broker skips the recap the TV plays after the game',
    description:
      'Nothing in the game changes; every device and spectator of the game is told (recap:skipped) and a TV playing the recap shows the podium. 409 while the game has not ended.',
    params: { id: GAME_ID },
    data: z.object({ game_id: z.number().int() }),
  },
  {
    method: 'get',
    path: '/api/game/:id/report',
    tag: 'report',
    summary: 'The report of a completed game',
    params: { id: GAME_ID },
    data: gameReportSchema,
  },
  {
    method: 'get',
    path: '/api/game/:id/report.csv',
    tag: 'report',
    summary: 'The report as CSV (an attachment)',
    params: { id: GAME_ID },
    answer: text('The report', 'text/csv'),
  },
  {
    method: 'post',
    path: '/api/game/:id/report/share',
    tag: 'report',
    summary: 'A link anyone may open to read the report',
    params: { id: GAME_ID },
    status: 201,
    data: reportShareSchema,
  },
  {
    method: 'delete',
    path: '/api/game/:id/report/share',
    tag: 'report',
    summary: 'Revoke every share link of the report',
    params: { id: GAME_ID },
    data: z.object({ revoked: z.number().int() }),
  },
  {
    method: 'get',
    path: '/api/report/:token',
    tag: 'report',
    auth: 'public',
    summary: 'A shared report, for whoever holds the link',
    description:
      'An address that named no live link 20 times in 10 minutes gets 429 RATE_LIMITED, live links included, until the window has passed.',
    params: { token: 'The share link’s token.' },
    data: gameReportSchema,
  },
  {
    method: 'get',
    path: '/api/spectate/:code/report',
    tag: 'report',
    auth: 'public',
    summary: 'The report of the game a spectator of the board follows, once it has ended',
    description:
      'For the table’s TV (its recap of the game): the board’s open game, else its latest, as a share link would show it. 409 while that game is not completed; a code naming no game is a miss of the spectators’ limit (429 RATE_LIMITED past it).',
    params: { code: 'The board code (a practice game’s six characters).' },
    data: gameReportSchema,
  },

  // ---------- the server ----------
  {
    method: 'get',
    path: '/api/config',
    tag: 'server',
    auth: 'public',
    summary: 'What a signed-out screen needs: the origin phones open',
    data: publicConfigDataSchema,
  },
  {
    method: 'get',
    path: '/healthz',
    tag: 'server',
    auth: 'public',
    summary: 'The process is alive',
    answer: json('Alive', z.object({ status: z.literal('ok') })),
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'server',
    auth: 'public',
    summary: 'The process can serve: its database (and Redis) answer, it is not stopping',
    answer: json(
      'Ready',
      z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.string()) }),
    ),
    failures: {
      503: json(
        'Not ready, and why',
        z.object({
          status: z.literal('unavailable'),
          reason: z.string(),
          checks: z.record(z.string(), z.string()).optional(),
        }),
      ),
    },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'server',
    auth: 'metrics',
    summary: 'Prometheus metrics (only when METRICS_TOKEN is set; 404 otherwise)',
    answer: text('Prometheus text format', 'text/plain'),
  },

  // ---------- these documents ----------
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'docs',
    auth: 'public',
    summary: 'This OpenAPI 3.1 document',
    answer: documentAnswer('The OpenAPI document'),
  },
  {
    method: 'get',
    path: '/api/asyncapi.json',
    tag: 'docs',
    auth: 'public',
    summary: 'The AsyncAPI 3.0 document of the Socket.IO events',
    answer: documentAnswer('The AsyncAPI document'),
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'docs',
    auth: 'public',
    summary: 'The REST API documentation page',
    answer: text('A page', 'text/html'),
  },
  {
    method: 'get',
    path: '/api/docs/events',
    tag: 'docs',
    auth: 'public',
    summary: 'The Socket.IO events documentation page',
    answer: text('A page', 'text/html'),
  },
  {
    method: 'get',
    path: '/api/docs/assets/:file',
    tag: 'docs',
    auth: 'public',
    summary: 'A script or style sheet of the documentation pages',
    params: { file: 'The file name.' },
    answer: text('The file', ['text/javascript', 'text/css']),
  },
];
