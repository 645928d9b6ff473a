/** The game's constants (docs/rules.md). Amounts are whole rupees. */

/** FORMER_BROKER: a pure Broker who handed the broker's powers on keeps a seat without powers. */
export const ROLE = { BROKER: 1, INVESTOR: 2, BOTH: 3, FORMER_BROKER: 4 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

export const GAME_STATUS = { LOBBY: 1, RUNNING: 2, COMPLETED: 3 } as const;
export type GameStatus = (typeof GAME_STATUS)[keyof typeof GAME_STATUS];

export const ORDERBOOK = { OFF: 0, ON: 1 } as const;
export type OrderbookStatus = (typeof ORDERBOOK)[keyof typeof ORDERBOOK];

export const TRADE_TYPE = { BUY: 0, SELL: 1 } as const;
export type TradeType = (typeof TRADE_TYPE)[keyof typeof TRADE_TYPE];

export const STARTING_FUNDS_OPTIONS = [500000, 700000, 1000000] as const;
export const STARTING_FUNDS_DEFAULT = 500000;
export const STARTING_FUNDS_MIN = 500000;
export const STARTING_FUNDS_MAX = 1000000;

export const PAYDAY_INCREMENT_OPTIONS = [100000, 300000, 500000] as const;
export const PAYDAY_INCREMENT_DEFAULT = 100000;
export const PAYDAY_INCREMENT_MIN = 100000;
export const PAYDAY_INCREMENT_MAX = 500000;
export const PAYDAYS_PER_GAME = 3;

export const TRADE_PHASE_DURATION_OPTIONS = [60, 75, 120, 180] as const;
export const TRADE_PHASE_DURATION_DEFAULT = 120;

export const MAYHEM_PERCENTAGES = [
  -1, -2, -3, -4, -5, -6, -9, -11, -12, -14, -15, 1, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16,
] as const;

export const PRICE_CHANGE_MIN_PERCENT = 1;
export const PRICE_CHANGE_MAX_PERCENT = 100;
/** A share price never falls below ₹1. */
export const PRICE_FLOOR_PAISE = 100;
/** A share price never exceeds ₹1,00,00,000 (so every sum of prices and holdings stays exact). */
export const PRICE_CAP_PAISE = 1_00_00_000 * 100;

export const OTP_LENGTH = 4;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 40;
export const PHONE_LENGTH = 10;
export const DEFAULT_COUNTRY_CODE = '+91';
export const BOARD_CODE_LENGTH = 4;
export const BOARD_CODE_PATTERN = /^[A-Z0-9]{4}$/;

export const MAX_PLAYERS_PER_GAME = 7;
/** Open lobbies one account may have created at once (board-code squatting). */
export const MAX_OPEN_LOBBIES_PER_USER = 10;
/** Open lobbies created from one client address at once. */
export const MAX_OPEN_LOBBIES_PER_IP = 30;
/** A lobby nobody has taken a seat in expires after this long. */
export const EMPTY_LOBBY_TTL_SECONDS = 24 * 60 * 60;
/** Avatar 7 belongs to the broker seat and is never offered for selection. */
export const BROKER_AVATAR_ID = 7;

/**
 * Practice games against bots. A practice game's code has six characters, so it never takes a
 * physical board's four-character code; the TV follows it by that code like any board.
 */
export const PRACTICE_CODE_LENGTH = 6;
export const PRACTICE_CODE_PATTERN = /^[A-Z0-9]{6}$/;
/** Who the person is in a practice game: an investor (a bot broker), the broker, or nobody. */
export const PRACTICE_MODES = ['investor', 'broker', 'watch'] as const;
export type PracticeMode = (typeof PRACTICE_MODES)[number];
/** Bot investors beside the person: with a bot broker (investor) at most 5, so 7 seats in all. */
export const PRACTICE_BOTS = {
  investor: { min: 2, max: 5 },
  broker: { min: 2, max: 6 },
  watch: { min: 2, max: 6 },
} as const satisfies Record<PracticeMode, { min: number; max: number }>;
/** The phase lengths a practice game offers: a quick 30 s round and the table's own. */
export const PRACTICE_PHASE_OPTIONS = [30, 60, 75, 120, 180] as const;
export const PRACTICE_PHASE_DEFAULT = 60;
/** Rounds the bot broker plays (price moves, a trade phase, a payday) before it ends the game. */
export const PRACTICE_ROUNDS_MAX = 3;
export const PRACTICE_ROUNDS_DEFAULT = 3;
/** Practice games one person may have open (lobby or running) at once. */
export const MAX_OPEN_PRACTICE_GAMES_PER_USER = 3;
/** A practice game in which nothing happened for this long ends itself. */
export const PRACTICE_IDLE_SECONDS = 2 * 60 * 60;
/** The named strategies a bot investor plays. */
export const BOT_STRATEGIES = ['cautious', 'momentum', 'contrarian'] as const;
export type BotStrategy = (typeof BOT_STRATEGIES)[number];
export const SELECTABLE_AVATAR_IDS = [1, 2, 3, 4, 5, 6] as const;

export const SPLASH_DELAY_MS = 1500;
export const SPINNER_DELAY_MS = 2000;
export const SPINNER_EXTRA_DEGREES = 1020;
export const STATE_RESTORE_TIMEOUT_MS = 5000;
export const TOAST_DURATION_MS = 3000;
export const WIDE_WINDOW_BREAKPOINT_PX = 750;

export const STORAGE_KEYS = {
  ACCESS_TOKEN: 'access_token',
  REFRESH_TOKEN: 'refresh_token',
  TIMER_EXPIRY: 'timer_expiry',
  STATE: 'root',
} as const;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const PHONE_VERIFIED_TTL_SECONDS = 10 * 60;
/** How long the broker may undo a price update, a payday or an averaged mayhem list. */
export const UNDO_WINDOW_SECONDS = 60;
