/**
 * The one Drizzle schema for PGlite and PostgreSQL. Money is integer paise in bigint columns;
 * the database itself guards the invariants that concurrency could break (one broker per game,
 * one avatar per seat, no negative cash or holdings, one open mayhem list per game).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { GameStatus, OrderbookStatus, Role, TradeType } from '@showdown/shared/constants';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const paise = (name: string) => bigint(name, { mode: 'number' });

export const serverSecrets = pgTable('server_secrets', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 40 }).notNull(),
    countryCode: varchar('country_code', { length: 5 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 15 }).notNull(),
    email: varchar('email', { length: 120 }),
    avatarId: smallint('avatar_id'),
    /** A bot of practice games (0014_practice.sql): no phone, never signs in, driven by the server. */
    bot: boolean('bot').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_uq').on(t.countryCode, t.phoneNumber)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryCode: varchar('country_code', { length: 5 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 15 }).notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    requestIp: varchar('request_ip', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** When each code of this otp_id was sent within the rate-limit window (older ones pruned). */
    sentTimes: timestamp('sent_times', { withTimezone: true }).array().notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_phone_idx').on(t.countryCode, t.phoneNumber, t.lastSentAt),
    index('otp_codes_ip_idx').on(t.requestIp, t.lastSentAt),
  ],
);

/** A phone that passed an OTP but has no account yet may register until verified_until. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    countryCode: varchar('country_code', { length: 5 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 15 }).notNull(),
    verifiedUntil: timestamp('verified_until', { withTimezone: true }).notNull(),
    /**
     * SHA-256 of the registration token the login's NO_USER answer gave the client that passed
     * the code: /register needs it. A newer code passed for the phone replaces it.
     */
    tokenHash: varchar('token_hash', { length: 64 }),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.phoneNumber] })],
);

/**
 * One sign-in (a refresh-token family). Refresh and logout lock this row, so a logout racing a
 * refresh revokes what the refresh issued; access tokens name it (`sid`) and are accepted only
 * while it is unrevoked and its user exists (the row goes with the user).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Every session that ended (revoked, or its row deleted), numbered in commit order by the
 * trigger of sql/functions/session_ends_record.sql, for the processes' session rechecks; kept a day.
 */
export const authSessionEnds = pgTable(
  'auth_session_ends',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_session_ends_ended_at_idx').on(t.endedAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // The live head of a session family: at most one, and what every access-token check looks up.
    uniqueIndex('refresh_tokens_family_head_uq')
      .on(t.familyId)
      .where(sql`revoked_at is null and replaced_at is null`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    /** A board's four characters, or a practice game's six (never a board's). */
    code: varchar('code', { length: 6 }).notNull(),
    status: smallint('status').$type<GameStatus>().notNull().default(1),
    startingFundsPaise: paise('starting_funds_paise').notNull(),
    paydayIncrementPaise: paise('payday_increment_paise').notNull(),
    tradePhaseDuration: integer('trade_phase_duration').notNull(),
    orderbookStatus: smallint('orderbook_status').$type<OrderbookStatus>().notNull().default(0),
    phaseEndsAt: timestamp('phase_ends_at', { withTimezone: true }),
    /** A paused phase: what was left of it (its `phase_ends_at` is null meanwhile). */
    phaseRemainingMs: integer('phase_remaining_ms'),
    /** When the broker's last connected device left; null while one is connected. */
    brokerAwaySince: timestamp('broker_away_since', { withTimezone: true }),
    paydaysGiven: integer('paydays_given').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    firstPlayerId: integer('first_player_id'),
    /** Who opened the lobby and from which address: lobby creation is limited per user and IP. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdIp: varchar('created_ip', { length: 64 }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The lobby its broker opened on the same board code once it completed ("Play again"). */
    rematchGameId: integer('rematch_game_id'),
    /** A practice game against bots: outside the lobby limits, with a row in practice_games. */
    practice: boolean('practice').notNull().default(false),
  },
  (t) => [
    uniqueIndex('games_open_code_uq')
      .on(t.code)
      .where(sql`status in (1, 2)`),
    index('games_open_phase_idx')
      .on(t.phaseEndsAt)
      .where(sql`orderbook_status = 1`),
    index('games_lobby_creator_idx')
      .on(t.createdBy)
      .where(sql`status = 1`),
    index('games_lobby_ip_idx')
      .on(t.createdIp)
      .where(sql`status = 1`),
    index('games_practice_creator_idx')
      .on(t.createdBy)
      .where(sql`practice and status in (1, 2)`),
    check('games_status_ck', sql`status in (1, 2, 3)`),
    check('games_paydays_ck', sql`paydays_given between 0 and 3`),
    check('games_phase_remaining_ck', sql`phase_remaining_ms IS NULL OR phase_remaining_ms >= 0`),
  ],
);

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').$type<Role>().notNull(),
    avatarId: smallint('avatar_id').notNull(),
    cashPaise: paise('cash_paise').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_game_user_uq').on(t.gameId, t.userId),
    uniqueIndex('players_one_broker_uq')
      .on(t.gameId)
      .where(sql`role in (1, 3)`),
    uniqueIndex('players_game_avatar_uq').on(t.gameId, t.avatarId),
    check('players_role_ck', sql`role in (1, 2, 3, 4)`),
    check('players_cash_ck', sql`cash_paise >= 0`),
  ],
);

export const gameStocks = pgTable(
  'game_stocks',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    stockId: smallint('stock_id').notNull(),
    pricePaise: paise('price_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.stockId] }),
    check('game_stocks_price_ck', sql`price_paise >= 100`),
  ],
);

export const holdings = pgTable(
  'holdings',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    stockId: smallint('stock_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    investedPaise: paise('invested_paise').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.stockId] }),
    check('holdings_quantity_ck', sql`quantity >= 0`),
    check('holdings_invested_ck', sql`invested_paise >= 0`),
  ],
);

/**
 * History entries. A row with player_id null is game-wide (a price update, a payday) and shows
 * in every investor's history; a trade row belongs to one player.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    stockId: smallint('stock_id'),
    tradeType: smallint('trade_type').$type<TradeType>(),
    quantity: bigint('quantity', { mode: 'number' }),
    /** Trade: price per share. Payday: the amount credited. */
    amountPaise: paise('amount_paise'),
    /** Price update: the signed percentage, up to two decimals for mayhem averages. */
    percentage: numeric('percentage', { precision: 12, scale: 2 }),
    /** An 'Undone' entry: the type of the entry it reverses. */
    undoneType: varchar('undone_type', { length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [index('transactions_game_idx').on(t.gameId, t.id)],
);

/** Every movement of a player's cash; the sum per player always equals players.cash_paise. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    deltaPaise: paise('delta_paise').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_player_idx').on(t.playerId),
    // What a player was given, read by every order's answer.
    index('ledger_entries_contributed_idx')
      .on(t.playerId)
      .where(sql`kind in ('start', 'payday')`),
  ],
);

export const mayhems = pgTable(
  'mayhems',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    stockIds: jsonb('stock_ids').$type<number[]>().notNull(),
    percentages: jsonb('percentages').$type<number[]>().notNull(),
    /** 1 open, 2 averaged. */
    status: smallint('status').$type<1 | 2>().notNull().default(1),
    createdAt: createdAt(),
    averagedAt: timestamp('averaged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mayhems_one_open_uq')
      .on(t.gameId)
      .where(sql`status = 1`),
    index('mayhems_game_idx').on(t.gameId, t.id),
  ],
);

export const mayhemResponses = pgTable(
  'mayhem_responses',
  {
    id: serial('id').primaryKey(),
    mayhemId: integer('mayhem_id')
      .notNull()
      .references(() => mayhems.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    stocks: jsonb('stocks').$type<Array<{ stock_id: number; percentage: number }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mayhem_responses_uq').on(t.mayhemId, t.playerId)],
);

/** Who came in with the board code (POST /api/game/join): only they may take a seat. */
export const boardJoins = pgTable(
  'board_joins',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

/**
 * The first answer of each order sent with an Idempotency-Key, per user: a retry with the same
 * key answers it again instead of placing a second order. In the database, so it holds across
 * nodes and restarts.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 128 }).notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /**
     * The first answer's facts (PortfolioFacts, see sql/functions/player_facts.sql); keys stored
     * before that migration hold the built portfolio itself, replayed as it is.
     */
    response: jsonb('response').notNull(),
    /**
     * SHA-256 of the request the key was first used for (method, path, game, normalised body):
     * the key with another request is refused (422). Null on keys stored before 0004.
     */
    fingerprint: varchar('fingerprint', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Every price a company had in a game, with when and why: the opening price at the start, each
 * broker update and each averaged mayhem move. Written in the transaction that moves the price.
 */
export const pricePoints = pgTable(
  'price_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    stockId: smallint('stock_id').notNull(),
    pricePaise: paise('price_paise').notNull(),
    /** 'opening', 'update', 'mayhem' or 'undo'. */
    cause: varchar('cause', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('price_points_game_idx').on(t.gameId, t.id),
    check('price_points_cause_ck', sql`cause in ('opening', 'update', 'mayhem', 'undo')`),
  ],
);

/**
 * Request counters of rate-limiter-flexible's Drizzle store (the board read's limits): in the
 * database, so a limit holds across processes and nodes. `expire` ends the counter's window.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * A signed-out link to a completed game's report (`/report/:token`). Only the token's SHA-256 is
 * stored; revoking sets revoked_at, and the link answers 404 from then on.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_shares_token_hash_uq').on(t.tokenHash),
    index('report_shares_game_user_idx').on(t.gameId, t.createdBy),
  ],
);

/**
 * The broker's actions that may be undone: a price update, a payday, an averaged mayhem list,
 * each written with the action (sql/functions/update_price_undoable.sql and
 * give_payday_undoable.sql, the mayhem average in the server). `prices` holds each moved
 * company's price before and after, in paise; `transaction_id` the last history entry the action
 * wrote (an order after it has a larger id); `created_at` the server clock's time of the action.
 */
export const undoableActions = pgTable(
  'undoable_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<'price' | 'payday' | 'mayhem'>().notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    prices: jsonb('prices')
      .$type<Array<{ stock_id: number; previous_paise: number; price_paise: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('undoable_actions_game_idx').on(t.gameId, t.id),
    check('undoable_actions_kind_ck', sql`kind in ('price', 'payday', 'mayhem')`),
  ],
);

/**
 * The bot driver's state of a practice game (0014_practice.sql). `step` is the bot broker's place
 * in its script and `ticks` the number of times the game was driven (both seed the bots' choices,
 * so a seeded game replays); `next_at` is when the game is due again. A node drives a due game
 * only under its lease (`lease_holder` until `lease_until`), claimed with FOR UPDATE SKIP LOCKED,
 * so each game is driven by one node at a time. `seen_seq` and `active_at` are the idle clock.
 * `refusals` counts the bots' refused commands (none is expected).
 */
export const practiceGames = pgTable(
  'practice_games',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    mode: varchar('mode', { length: 8 }).$type<'investor' | 'broker' | 'watch'>().notNull(),
    seed: integer('seed').notNull(),
    rounds: smallint('rounds').notNull(),
    step: integer('step').notNull().default(0),
    /** When the bot broker's next step is due (it paces its steps so people can follow). */
    stepAt: timestamp('step_at', { withTimezone: true }).notNull(),
    ticks: integer('ticks').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    leaseHolder: varchar('lease_holder', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    seenSeq: integer('seen_seq').notNull().default(0),
    activeAt: timestamp('active_at', { withTimezone: true }).notNull(),
    refusals: integer('refusals').notNull().default(0),
    done: boolean('done').notNull().default(false),
  },
  (t) => [
    index('practice_games_due_idx')
      .on(t.nextAt)
      .where(sql`NOT done`),
    check('practice_games_mode_ck', sql`mode in ('investor', 'broker', 'watch')`),
  ],
);

/** A seat a bot holds, and how it plays: the broker's script or an investor's strategy. */
export const botSeats = pgTable(
  'bot_seats',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    strategy: varchar('strategy', { length: 16 })
      .$type<'broker' | 'cautious' | 'momentum' | 'contrarian'>()
      .notNull(),
    /** The trade phase its `phase_orders` count belongs to (that phase's end). */
    phaseEndsAt: timestamp('phase_ends_at', { withTimezone: true }),
    phaseOrders: integer('phase_orders').notNull().default(0),
  },
  (t) => [
    index('bot_seats_game_idx').on(t.gameId),
    check(
      'bot_seats_strategy_ck',
      sql`strategy in ('broker', 'cautious', 'momentum', 'contrarian')`,
    ),
  ],
);
