/**
 * The REST contract (docs/api.md): zod schemas of every request payload and the types of every
 * answer. Amounts on the wire are rupees (numbers with at most two decimals); the server keeps paise.
 */
import { z } from './zod.ts';
import {
  BOARD_CODE_PATTERN,
  MAYHEM_PERCENTAGES,
  PRACTICE_BOTS,
  PRACTICE_MODES,
  PRACTICE_PHASE_OPTIONS,
  PRACTICE_ROUNDS_DEFAULT,
  PRACTICE_ROUNDS_MAX,
  PAYDAY_INCREMENT_MAX,
  PAYDAY_INCREMENT_MIN,
  PHONE_LENGTH,
  PRICE_CHANGE_MAX_PERCENT,
  PRICE_CHANGE_MIN_PERCENT,
  STARTING_FUNDS_MAX,
  STARTING_FUNDS_MIN,
  TRADE_PHASE_DURATION_OPTIONS,
  type GameStatus,
  type OrderbookStatus,
  type Role,
  type TradeType,
} from './constants.ts';
import { MSG, type ErrorCode } from './messages.ts';

// ---------- request payloads ----------

const countryCode = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}$/, 'Invalid country code.');
const phoneNumber = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Phone number must be ${PHONE_LENGTH} digits.`);
/** The largest value of a PostgreSQL integer (int4) column, e.g. a serial id. */
export const MAX_INT4 = 2_147_483_647;
/** The largest value of a PostgreSQL smallint column, e.g. a company's stock_id. */
export const MAX_INT2 = 32_767;

/**
 * A JSON integer within a column's range: strings, booleans, arrays and fractions are refused,
 * never coerced (`"0x10"` is not 16, `true` is not 1).
 */
const jsonInt = (min: number, max: number, message?: string) =>
  z.number(message).int(message).min(min, message).max(max, message);
/** The id of a row with a serial (int4) key. */
const positiveId = jsonInt(1, MAX_INT4);
/** A company of the catalogue (smallint). */
const stockId = jsonInt(1, MAX_INT2);
const avatarId = jsonInt(1, 7);

/** Text without NUL or other control characters (PostgreSQL refuses NUL in text). */
const hasControlCharacter = (v: string) =>
  [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const plainText = (message: string) => z.string().refine((v) => !hasControlCharacter(v), message);

export const sendOtpSchema = z.object({ country_code: countryCode, phone_number: phoneNumber });
export const resendOtpSchema = z.object({ otp_id: z.string().min(1).max(64) });
export const loginSchema = z.object({
  country_code: countryCode,
  phone_number: phoneNumber,
  otp_id: z.string().min(1).max(64),
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Please enter the OTP'),
});
export const registerSchema = z.object({
  username: plainText('Name contains characters that are not allowed.').pipe(
    z.string().trim().min(1, 'Please enter your name and phone number.').max(40),
  ),
  country_code: countryCode,
  phone_number: phoneNumber,
  /** From the login's NO_USER answer: proves the request comes from the client that passed the OTP. */
  registration_token: z
    .string(MSG.PHONE_NOT_VERIFIED)
    .min(1, MSG.PHONE_NOT_VERIFIED)
    .max(200, MSG.REGISTRATION_TOKEN_INVALID),
});
export const refreshSchema = z.object({
  refresh_token: z.string().min(1, 'No refresh token available').max(200),
});
export const profileUpdateSchema = z.object({
  username: plainText('Name contains characters that are not allowed.')
    .pipe(z.string().trim().min(1, 'Username cannot be empty.').max(40))
    .optional(),
  email: z
    .union([z.literal(''), z.string().trim().email('Invalid email address.').max(120)])
    .optional(),
  avatar_id: avatarId.optional(),
});

/** A board code as typed: 4 characters [A-Z0-9], case-insensitive (else INVALID_CODE's message). */
const boardCode = z
  .string(MSG.INVALID_CODE)
  .trim()
  .toUpperCase()
  .regex(BOARD_CODE_PATTERN, MSG.INVALID_CODE);

/**
 * The join: opens the board's game when none is open, or joins it. `create` is accepted
 * and ignored (older clients sent `create: true` to open a lobby).
 */
export const joinGameSchema = z.object({
  code: boardCode,
  create: z.boolean('create must be true or false.').optional(),
});

/** `GET /api/board/{code}`: the code of the path. */
export const boardParamsSchema = z.object({ code: boardCode });

/** `GET /api/board/{code}`'s data: whether the board has an open game (status 1 or 2). Reads only. */
export const boardStatusDataSchema = z.object({
  board_code: z.string(),
  open_game: z.boolean(),
  game_id: z.number().int().positive().nullable(),
  status: z.union([z.literal(1), z.literal(2)]).nullable(),
});
export type BoardStatusData = z.infer<typeof boardStatusDataSchema>;

export const settingsSchema = z.object({
  starting_funds: z
    .number()
    .min(STARTING_FUNDS_MIN, MSG.STARTING_FUNDS_LOW)
    .max(STARTING_FUNDS_MAX, MSG.STARTING_FUNDS_HIGH)
    .int(),
  payday_increment: z
    .number()
    .min(PAYDAY_INCREMENT_MIN, MSG.PAYDAY_LOW)
    .max(PAYDAY_INCREMENT_MAX, MSG.PAYDAY_HIGH)
    .int(),
  trade_phase_duration: z
    .number()
    .refine(
      (v) => (TRADE_PHASE_DURATION_OPTIONS as readonly number[]).includes(v),
      MSG.TRADE_DURATION_INVALID,
    ),
});

export const orderbookSchema = z.object({
  orderbook_status: z.union([z.literal(0), z.literal(1)]),
});

export const priceUpdateSchema = z.object({
  stock_id: stockId,
  operation: z.enum(['+', '-'], 'Please add operation'),
  value: jsonInt(PRICE_CHANGE_MIN_PERCENT, PRICE_CHANGE_MAX_PERCENT),
});

const QUANTITY_MESSAGE = MSG.INVALID_QUANTITY;
export const tradeSchema = z.object({
  stock_id: stockId,
  trade_type: z.union([z.literal(0), z.literal(1)]),
  quantity: z
    .number(QUANTITY_MESSAGE)
    .int(QUANTITY_MESSAGE)
    .positive(QUANTITY_MESSAGE)
    .max(1_000_000_000, 'Quantity is too large.'),
});

const role = z.union([z.literal(1), z.literal(2), z.literal(3)], 'Role must be 1, 2 or 3.');
export const selectRoleSchema = z.object({
  role,
  avatar_id: avatarId.nullish(),
});
export const changeRoleSchema = selectRoleSchema.extend({ player_id: positiveId.nullish() });

const mayhemPercentage = z
  .number(MSG.MAYHEM_PERCENTAGE_REQUIRED)
  .refine(
    (v) => (MAYHEM_PERCENTAGES as readonly number[]).includes(v),
    'Percentage is not one of the market mayhem values.',
  );
export const mayhemCreateSchema = z
  .object({
    stock_ids: z.array(stockId).max(8),
    percentage: z.array(mayhemPercentage).max(8),
  })
  .refine((v) => v.stock_ids.length === v.percentage.length, MSG.MAYHEM_LENGTH_MISMATCH)
  .refine((v) => v.percentage.length > 0, MSG.MAYHEM_PERCENTAGE_REQUIRED)
  .refine((v) => new Set(v.stock_ids).size === v.stock_ids.length, MSG.MAYHEM_DUPLICATE_STOCK);
export const mayhemRespondSchema = z.object({
  stocks: z
    .array(z.object({ stock_id: stockId, percentage: mayhemPercentage }))
    .min(1, MSG.MAYHEM_EMPTY)
    .max(8),
});

/** GET …/transactions and …/history: a page of history, newest first. */
export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;
const queryInt = (min: number, max: number, message: string) =>
  z
    .string(message)
    .regex(/^\d{1,19}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
export const historyQuerySchema = z.object({
  before: queryInt(1, Number.MAX_SAFE_INTEGER, 'before must be a history entry id.').optional(),
  limit: queryInt(
    1,
    HISTORY_PAGE_MAX,
    `limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`,
  )
    .optional()
    .default(HISTORY_PAGE_DEFAULT),
});

export type SendOtpInput = z.infer<typeof sendOtpSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type SettingsInput = z.infer<typeof settingsSchema>;
export type PriceUpdateInput = z.infer<typeof priceUpdateSchema>;
export type TradeInput = z.infer<typeof tradeSchema>;
export type SelectRoleInput = z.infer<typeof selectRoleSchema>;
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;
export type MayhemCreateInput = z.infer<typeof mayhemCreateSchema>;
export type MayhemRespondInput = z.infer<typeof mayhemRespondSchema>;

// ---------- answers ----------

export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}
export interface ApiFailure {
  success: false;
  error: { code: ErrorCode; message: string };
  /** What a failure hands the client to go on with (the login's NO_USER: RegistrationData). */
  data?: unknown;
}
export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;

export interface UserDetails {
  id: number;
  username: string;
  country_code: string;
  phone_number: string;
  email: string | null;
  avatar_id: number | null;
  profile_image: string | null;
}
export interface TokenDetails {
  access_token: string;
  refresh_token: string;
  /** ISO time the access token expires. */
  access_token_expires_at: string;
}
/**
 * In the login's 404 NO_USER answer: the phone passed the OTP and may register, once, within 10
 * minutes, by sending this token to /api/auth/register.
 */
export interface RegistrationData {
  registration_token: string;
  registration_token_expires_at: string;
}
export interface AuthData {
  user_details: UserDetails;
  token_details: TokenDetails;
}
export interface SendOtpData {
  otp_id: string;
  /** ISO time from which a resend is allowed. */
  resend_available_at: string;
}
export interface RefreshData {
  access_token: string;
  refresh_token: string;
  access_token_expires_at: string;
}

export interface JoinGameData {
  game_id: number;
  board_code: string;
  broker_exists: boolean;
  /** The caller's role in this game, null while not seated. */
  role: Role | null;
  player_id: number | null;
  game_status: GameStatus;
}

/** What any seated player or spectator may see of a player. */
export interface PublicPlayer {
  id: number;
  player_id: number;
  username: string;
  avatar_id: number;
  image: string;
  role: Role;
  /** A seat driven by a bot of a practice game (every screen says so); false for a person. */
  bot?: boolean;
}

export interface FirstPlayer {
  player_id: number;
  username: string;
}

export interface LobbyData {
  game_id: number;
  board_code: string;
  game_status: GameStatus;
  game_players_data: PublicPlayer[];
  first_player: FirstPlayer | null;
  my_player_id: number | null;
  my_role: Role | null;
}

export interface GameSettings {
  starting_funds: number;
  payday_increment: number;
  trade_phase_duration: number;
  orderbook_status: OrderbookStatus;
  /** ISO time the open trade phase ends, null when none is open. */
  ends_at: string | null;
  paydays_given: number;
  paydays_total: number;
  /** Seconds left in a paused trade phase (its clock stopped, `ends_at` null); absent otherwise. */
  paused_remaining_s?: number;
}

export interface StockEntry {
  id: number;
  stock_id: number;
  name: string;
  image: string;
  current_price: number;
}
export interface StocksData {
  stocks_data: StockEntry[];
  /** 1 while a mayhem list is open and the caller has not responded. */
  is_mm_exist: 0 | 1;
  game_status: GameStatus;
  orderbook_status: OrderbookStatus;
  ends_at: string | null;
}
export interface PriceUpdateData {
  stock_id: number;
  updatedPrice: number;
  previousPrice: number;
  percentage: number;
}
export interface OrderbookData {
  orderbook_status: OrderbookStatus;
  ends_at: string | null;
}

export interface PortfolioRow {
  stock_id: number;
  name: string;
  image: string;
  total_quantity: number;
  total_invested_price: number;
  current_price: number;
  market_value: number;
  profit_loss: number;
}
export interface Portfolio {
  portfolio_data: PortfolioRow[];
  /** Net worth: cash plus market value. */
  total_balance: number;
  /** Signed, two decimals; a loss starts with '-'. */
  total_profit_loss: string;
  /** Cash. */
  current_balance: number;
  orderbook_status: OrderbookStatus;
  ends_at: string | null;
}

/** 'Market mayhem': a price moved by a mayhem list's average (not the broker's update). */
export type TransactionType = 'Price update' | 'Market mayhem' | 'PAYDAY' | 'trade' | 'Undone';
export interface TransactionEntry {
  id: string;
  type: TransactionType;
  /** Price update, Market mayhem: the signed percentage; PAYDAY: the amount; trade: price per share. */
  price: string;
  image: string | null;
  stock_id: number | null;
  name: string | null;
  trade_type: TradeType | null;
  quantity: number | null;
  created_at: string;
  /** An 'Undone' entry: the type of the entry it reversed. */
  undone_type?: Exclude<TransactionType, 'Undone' | 'trade'> | null;
}

export interface RankingEntry {
  player_id: number;
  username: string;
  avatar_id: number;
  image: string;
  role: Role;
  /** Net worth: cash plus holdings at the last price. */
  balance: number;
  rank: number;
  rank_label: string;
  rank_name: string;
  /** A bot of a practice game. */
  bot?: boolean;
}

export interface MayhemStock {
  stock_id: number;
  name: string;
  image: string;
}
export interface MayhemResponseItem {
  stock_id: number;
  percentage: number;
}
export interface MayhemData {
  id: number;
  game_id: number;
  status: 'open' | 'closed';
  stock_ids: MayhemStock[];
  percentage: number[];
  responses_count: number;
  investors_count: number;
  /** Whether the caller has responded; false for a spectator. */
  responded: boolean;
  my_response: MayhemResponseItem[] | null;
}
/** The average answer: the list is closed and these prices moved (as `mayhem:averaged` tells). */
export interface MayhemAverageData {
  mayhem_id: number;
  changes: Array<{ stock_id: number; previous_price: number; price: number; percentage: number }>;
}

// ---------- paths ----------

// In a module of its own, without zod, so a web page that only calls the API does not load zod.
export { API } from './api-paths.ts';

/** `GET /api/config`: what a signed-out screen needs from the server. */
export interface PublicConfigData {
  /** The origin phones open (the server's `PUBLIC_URL`, else the origin the request came to). */
  public_url: string;
}

// ---------- the game report ----------

/** What moved at a point of the report's timeline. */
export const reportEventKindSchema = z.enum([
  'start',
  'price_update',
  'payday',
  'mayhem',
  'trade',
  'undo',
]);
export type ReportEventKind = z.infer<typeof reportEventKindSchema>;

const rupees = z.number();
const roleAnswer = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const tradeTypeAnswer = z.union([z.literal(0), z.literal(1)]).describe('0 buy, 1 sell');

/** A company's price moved from one figure to another (rupees). */
const priceMoveFields = {
  stock_id: z.number().int(),
  company: z.string().describe("The company's name"),
  price_before: rupees,
  price_after: rupees,
};
const eventAt = {
  index: z.number().int().describe("The event's place on the timeline (0 is the start)"),
  at: z.string(),
};

/**
 * A point of the report's timeline, as facts (who, what, how many, which company, what amounts)
 * rather than a sentence: each screen words it in its reader's language.
 */
export const reportEventSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...eventAt, kind: z.literal('start') }),
    z.object({ ...eventAt, kind: z.literal('price_update'), ...priceMoveFields }),
    z.object({
      ...eventAt,
      kind: z.literal('mayhem'),
      ...priceMoveFields,
      percentage: z.number().describe('The averaged percentage this company moved by'),
    }),
    z.object({
      ...eventAt,
      kind: z.literal('payday'),
      amount: rupees.describe('What each investor was credited'),
    }),
    z.object({
      ...eventAt,
      kind: z.literal('trade'),
      player_id: z.number().int(),
      username: z.string(),
      trade_type: tradeTypeAnswer,
      quantity: z.number().int(),
      stock_id: z.number().int(),
      company: z.string().describe("The company's name"),
      price: rupees.describe('The price per share'),
    }),
    // The broker's undo: an undone payday names the amount taken back from each investor; an
    // undone price update or mayhem the price it brought back (one event a company).
    z.discriminatedUnion('undone', [
      z.object({
        ...eventAt,
        kind: z.literal('undo'),
        undone: z.literal('payday'),
        amount: rupees.describe('The payday taken back from each investor'),
      }),
      z.object({
        ...eventAt,
        kind: z.literal('undo'),
        undone: z.enum(['price_update', 'mayhem']),
        ...priceMoveFields,
      }),
    ]),
  ])
  .describe(
    "A point of the report's timeline as facts (kind, who, how many, which company, amounts); the screens word it in the reader's language",
  );
export type ReportEvent = z.infer<typeof reportEventSchema>;

export const reportBestTradeSchema = z.object({
  stock_id: z.number().int(),
  name: z.string(),
  trade_type: tradeTypeAnswer,
  quantity: z.number().int(),
  price: rupees,
  final_price: rupees,
  /** Against the last prices: a buy's (final − paid) × quantity, a sell's (sold − final) × quantity. */
  gain: rupees,
  at: z.string(),
});
export type ReportBestTrade = z.infer<typeof reportBestTradeSchema>;

export const reportPlayerSchema = z.object({
  player_id: z.number().int(),
  username: z.string(),
  avatar_id: z.number().int(),
  image: z.string(),
  role: roleAnswer,
  rank: z.number().int(),
  rank_label: z.string(),
  rank_name: z.string(),
  final_cash: rupees,
  final_net_worth: rupees,
  /** A bot of a practice game. */
  bot: z.boolean().optional(),
  holdings: z.array(
    z.object({
      stock_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      price: rupees,
      value: rupees,
    }),
  ),
  trades_count: z.number().int(),
  best_trade: reportBestTradeSchema.nullable(),
  /** A point at every event of the report's timeline (`event` is its index). */
  net_worth: z.array(z.object({ event: z.number().int(), at: z.string(), net_worth: rupees })),
});
export type ReportPlayer = z.infer<typeof reportPlayerSchema>;

/** `GET /api/game/{id}/report` and `GET /api/report/{token}`. */
export const gameReportSchema = z.object({
  game_id: z.number().int(),
  board_code: z.string(),
  /** A practice game against bots. */
  practice: z.boolean().optional(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** The timeline: the start, then every history entry in the order it was written. */
  events: z.array(reportEventSchema),
  /** The investors, by rank. */
  players: z.array(reportPlayerSchema),
  companies: z.array(
    z.object({
      stock_id: z.number().int(),
      name: z.string(),
      image: z.string(),
      /** The opening price, then a point at each change of this company's price. */
      prices: z.array(
        z.object({
          event: z.number().int(),
          at: z.string(),
          price: rupees,
          cause: z.enum(['opening', 'update', 'mayhem', 'undo']),
        }),
      ),
    }),
  ),
  /** Each applied market mayhem and what it did to each company. */
  mayhems: z.array(
    z.object({
      mayhem_id: z.number().int(),
      at: z.string(),
      event: z.number().int(),
      effects: z.array(
        z.object({
          stock_id: z.number().int(),
          name: z.string(),
          percentage: z.number(),
          price_before: rupees,
          price_after: rupees,
        }),
      ),
    }),
  ),
});
export type GameReport = z.infer<typeof gameReportSchema>;

/** `POST /api/game/{id}/report/share`. */
export const reportShareSchema = z.object({ url: z.string() });
export type ReportShare = z.infer<typeof reportShareSchema>;

/** `GET /api/user/games?before=<game id>&limit=<1-50, default 20>`: newest first. */
export const userGamesQuerySchema = z.object({
  before: queryInt(1, MAX_INT4, 'before must be a game id.').optional(),
  limit: queryInt(1, 50, 'limit must be a whole number from 1 to 50.').optional().default(20),
});

export const userGameSchema = z.object({
  game_id: z.number().int(),
  board_code: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  role: roleAnswer,
  /** Once the game is completed, for an investor; otherwise null. */
  rank: z.number().int().nullable(),
  final_net_worth: rupees.nullable(),
  /** A practice game against bots. */
  practice: z.boolean(),
});
export type UserGame = z.infer<typeof userGameSchema>;
export const userGamesSchema = z.object({
  games: z.array(userGameSchema),
  /** The `before` of the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type UserGames = z.infer<typeof userGamesSchema>;

// ---------- a new broker ----------

/** `POST /api/game/{id}/broker/handover`. */
export const brokerHandoverSchema = z.object({
  player_id: jsonInt(1, MAX_INT4, 'player_id must be the id of a seated player.'),
});
export type BrokerHandoverInput = z.infer<typeof brokerHandoverSchema>;

/** A seat whose role a broker change moved. */
export interface BrokerSeat {
  player_id: number;
  role: Role;
}

/** The answer of a handover or a claim, and the `broker:changed` event's change. */
export interface BrokerChange {
  broker: BrokerSeat;
  former_broker: BrokerSeat;
}

/** `POST /api/game/{id}/phase/pause` and `/resume`. */
export interface PhasePauseData {
  orderbook_status: OrderbookStatus;
  ends_at: string | null;
  paused_remaining_s: number | null;
}

// ---------- practice against bots ----------

/**
 * `POST /api/practice`: a practice game against bots. `mode` is the person's seat (an investor
 * beside a bot broker, the broker, or nobody: `watch` follows the bots on the TV screen); `bots`
 * the bot investors; `seed` replays the same game (the bots' choices follow from it).
 */
export const practiceCreateSchema = z
  .object({
    mode: z.enum(PRACTICE_MODES, 'mode must be investor, broker or watch.'),
    bots: jsonInt(PRACTICE_BOTS.broker.min, PRACTICE_BOTS.broker.max, MSG.PRACTICE_BOTS_RANGE),
    trade_phase_duration: z
      .number(MSG.PRACTICE_PHASE_INVALID)
      .refine(
        (v) => (PRACTICE_PHASE_OPTIONS as readonly number[]).includes(v),
        MSG.PRACTICE_PHASE_INVALID,
      ),
    rounds: jsonInt(1, PRACTICE_ROUNDS_MAX, `rounds must be 1 to ${PRACTICE_ROUNDS_MAX}.`)
      .optional()
      .default(PRACTICE_ROUNDS_DEFAULT),
    seed: jsonInt(0, MAX_INT4, 'seed must be a whole number from 0 to 2147483647.').optional(),
  })
  .refine((v) => v.bots <= PRACTICE_BOTS[v.mode].max, {
    message: MSG.PRACTICE_BOTS_RANGE,
    path: ['bots'],
  });
export type PracticeCreateInput = z.infer<typeof practiceCreateSchema>;

/** The practice game opened: where the person goes next (as a join's answer says). */
export const practiceDataSchema = z.object({
  game_id: z.number().int(),
  /** Six characters: the TV follows the game with it (`/spectate/{code}`). */
  board_code: z.string(),
  mode: z.enum(PRACTICE_MODES),
  /** The person's role and seat; null when they watch. */
  role: roleAnswer.nullable(),
  player_id: z.number().int().nullable(),
  game_status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  seed: z.number().int(),
});
export type PracticeData = z.infer<typeof practiceDataSchema>;
