/**
 * zod schemas of the REST answers that `api.ts` declares as TypeScript types only, for the API
 * documentation (`GET /api/openapi.json`) and the tests that check real answers against it.
 * The wire format stays the one of the interfaces: each schema is checked against its
 * interface at compile time (`SchemasMatch` at the end fails the typecheck on any drift).
 */
import { z } from './zod.ts';
import type {
  ApiFailure,
  AuthData,
  BrokerChange,
  FirstPlayer,
  GameSettings,
  JoinGameData,
  LobbyData,
  MayhemAverageData,
  MayhemData,
  OrderbookData,
  PhasePauseData,
  Portfolio,
  PriceUpdateData,
  PublicConfigData,
  PublicPlayer,
  RankingEntry,
  RefreshData,
  RegistrationData,
  SendOtpData,
  StocksData,
  TransactionEntry,
  UserDetails,
} from './api.ts';
import type { AvatarOption } from './catalogue.ts';
import { ERROR_CODE } from './messages.ts';
import type { PriceChange, PricePoint, UndoneAction } from './protocol.ts';

const int = () => z.number().int();
/** Rupees: a number with at most two decimals. */
const rupees = () => z.number();
/** An ISO 8601 time. */
const isoTime = () => z.string().describe('ISO 8601 time');

export const roleAnswerSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .describe('1 broker, 2 investor, 3 both, 4 former broker (handed the powers on)');
export const gameStatusSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3)])
  .describe('1 lobby, 2 running, 3 completed');
export const orderbookStatusSchema = z
  .union([z.literal(0), z.literal(1)])
  .describe('1 while a trade phase is open');

/** Every failure: `{ success: false, error: { code, message } }`, sometimes with `data`. */
export const apiFailureSchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.enum(ERROR_CODE),
    message: z.string(),
  }),
  data: z.unknown().optional().describe('What the client needs to go on, e.g. a registration'),
});

export const userDetailsSchema = z.object({
  id: int(),
  username: z.string(),
  country_code: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  avatar_id: int().nullable(),
  profile_image: z.string().nullable(),
});
export const tokenDetailsSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  access_token_expires_at: isoTime(),
});
export const registrationDataSchema = z.object({
  registration_token: z.string(),
  registration_token_expires_at: isoTime(),
});
export const authDataSchema = z.object({
  user_details: userDetailsSchema,
  token_details: tokenDetailsSchema,
});
export const sendOtpDataSchema = z.object({ otp_id: z.string(), resend_available_at: isoTime() });
export const refreshDataSchema = tokenDetailsSchema;
export const avatarOptionSchema = z.object({ id: int(), name: z.string(), image: z.string() });

export const joinGameDataSchema = z.object({
  game_id: int(),
  board_code: z.string(),
  broker_exists: z.boolean(),
  role: roleAnswerSchema.nullable(),
  player_id: int().nullable(),
  game_status: gameStatusSchema,
});
export const publicPlayerSchema = z.object({
  id: int(),
  player_id: int(),
  username: z.string(),
  avatar_id: int(),
  image: z.string(),
  role: roleAnswerSchema,
  bot: z.boolean().optional().describe('A bot of a practice game'),
});
export const firstPlayerSchema = z.object({ player_id: int(), username: z.string() });
export const lobbyDataSchema = z.object({
  game_id: int(),
  board_code: z.string(),
  game_status: gameStatusSchema,
  game_players_data: z.array(publicPlayerSchema),
  first_player: firstPlayerSchema.nullable(),
  my_player_id: int().nullable(),
  my_role: roleAnswerSchema.nullable(),
});
export const gameSettingsSchema = z.object({
  starting_funds: z.number(),
  payday_increment: z.number(),
  trade_phase_duration: z.number(),
  orderbook_status: orderbookStatusSchema,
  ends_at: isoTime().nullable(),
  paydays_given: int(),
  paydays_total: int(),
  paused_remaining_s: z
    .number()
    .optional()
    .describe('Seconds left in a paused trade phase (ends_at null); absent otherwise'),
});
export const stockEntrySchema = z.object({
  id: int(),
  stock_id: int(),
  name: z.string(),
  image: z.string(),
  current_price: rupees(),
});
export const stocksDataSchema = z.object({
  stocks_data: z.array(stockEntrySchema),
  is_mm_exist: z.union([z.literal(0), z.literal(1)]),
  game_status: gameStatusSchema,
  orderbook_status: orderbookStatusSchema,
  ends_at: isoTime().nullable(),
});
export const priceUpdateDataSchema = z.object({
  stock_id: int(),
  updatedPrice: rupees(),
  previousPrice: rupees(),
  percentage: z.number(),
});
export const orderbookDataSchema = z.object({
  orderbook_status: orderbookStatusSchema,
  ends_at: isoTime().nullable(),
});
export const portfolioSchema = z.object({
  portfolio_data: z.array(
    z.object({
      stock_id: int(),
      name: z.string(),
      image: z.string(),
      total_quantity: int(),
      total_invested_price: rupees(),
      current_price: rupees(),
      market_value: rupees(),
      profit_loss: rupees(),
    }),
  ),
  total_balance: rupees(),
  total_profit_loss: z.string(),
  current_balance: rupees(),
  orderbook_status: orderbookStatusSchema,
  ends_at: isoTime().nullable(),
});
export const transactionEntrySchema = z.object({
  id: z.string(),
  type: z.enum(['Price update', 'Market mayhem', 'PAYDAY', 'trade', 'Undone']),
  price: z.string(),
  image: z.string().nullable(),
  stock_id: int().nullable(),
  name: z.string().nullable(),
  trade_type: z.union([z.literal(0), z.literal(1)]).nullable(),
  quantity: int().nullable(),
  created_at: isoTime(),
  undone_type: z
    .enum(['Price update', 'Market mayhem', 'PAYDAY'])
    .nullable()
    .optional()
    .describe('An Undone entry: the type of the entry it reversed'),
});
export const rankingEntrySchema = z.object({
  player_id: int(),
  username: z.string(),
  avatar_id: int(),
  image: z.string(),
  role: roleAnswerSchema,
  balance: rupees(),
  rank: int(),
  rank_label: z.string(),
  rank_name: z.string(),
  bot: z.boolean().optional().describe('A bot of a practice game'),
});
export const mayhemDataSchema = z.object({
  id: int(),
  game_id: int(),
  status: z.enum(['open', 'closed']),
  stock_ids: z.array(z.object({ stock_id: int(), name: z.string(), image: z.string() })),
  percentage: z.array(z.number()),
  responses_count: int(),
  investors_count: int(),
  responded: z.boolean(),
  my_response: z.array(z.object({ stock_id: int(), percentage: z.number() })).nullable(),
});
export const priceChangeSchema = z.object({
  stock_id: int(),
  previous_price: rupees(),
  price: rupees(),
  percentage: z.number(),
});
export const mayhemAverageDataSchema = z.object({
  mayhem_id: int(),
  changes: z.array(priceChangeSchema),
});
export const pricePointSchema = z.object({
  stock_id: int(),
  price: rupees(),
  at: isoTime(),
  cause: z.enum(['opening', 'update', 'mayhem', 'undo']),
});
export const publicConfigDataSchema = z.object({ public_url: z.string() });

/** A seat whose role a broker change moved. */
export const brokerSeatSchema = z.object({ player_id: int(), role: roleAnswerSchema });
/** A handover's or a claim's answer, and the change `broker:changed` carries. */
export const brokerChangeSchema = z.object({
  broker: brokerSeatSchema,
  former_broker: brokerSeatSchema,
});
/** The phase after a pause or a resume. */
export const phasePauseDataSchema = orderbookDataSchema.extend({
  paused_remaining_s: z.number().nullable().describe('Seconds left while paused; null otherwise'),
});
/** What an undo reversed: the prices it brought back and the payday count after it. */
export const undoneActionSchema = z.object({
  kind: z.enum(['price', 'payday', 'mayhem']),
  label: z.string().describe('"Undone: …", for people'),
  changes: z.array(priceChangeSchema),
  points: z.array(pricePointSchema).optional(),
  paydays_given: int(),
});

/**
 * The named schemas of the answers, as the documents name them (`#/components/schemas/<name>`).
 * Every schema used by more than one route or event belongs here.
 */
export const ANSWER_SCHEMAS = {
  ApiFailure: apiFailureSchema,
  UserDetails: userDetailsSchema,
  TokenDetails: tokenDetailsSchema,
  RegistrationData: registrationDataSchema,
  AuthData: authDataSchema,
  SendOtpData: sendOtpDataSchema,
  AvatarOption: avatarOptionSchema,
  JoinGameData: joinGameDataSchema,
  PublicPlayer: publicPlayerSchema,
  FirstPlayer: firstPlayerSchema,
  LobbyData: lobbyDataSchema,
  GameSettings: gameSettingsSchema,
  StockEntry: stockEntrySchema,
  StocksData: stocksDataSchema,
  PriceUpdateData: priceUpdateDataSchema,
  OrderbookData: orderbookDataSchema,
  Portfolio: portfolioSchema,
  TransactionEntry: transactionEntrySchema,
  RankingEntry: rankingEntrySchema,
  MayhemData: mayhemDataSchema,
  PriceChange: priceChangeSchema,
  MayhemAverageData: mayhemAverageDataSchema,
  PricePoint: pricePointSchema,
  PublicConfigData: publicConfigDataSchema,
  BrokerChange: brokerChangeSchema,
  PhasePauseData: phasePauseDataSchema,
  UndoneAction: undoneActionSchema,
} as const;

// ---------- compile-time: each schema is exactly its interface ----------

/** `true` when A and B are assignable both ways. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails the typecheck unless every entry is `true`. */
export type AllTrue<T extends Record<string, true>> = T;

export type SchemasMatch = AllTrue<{
  ApiFailure: Same<z.infer<typeof apiFailureSchema>, ApiFailure>;
  UserDetails: Same<z.infer<typeof userDetailsSchema>, UserDetails>;
  RegistrationData: Same<z.infer<typeof registrationDataSchema>, RegistrationData>;
  AuthData: Same<z.infer<typeof authDataSchema>, AuthData>;
  SendOtpData: Same<z.infer<typeof sendOtpDataSchema>, SendOtpData>;
  RefreshData: Same<z.infer<typeof refreshDataSchema>, RefreshData>;
  AvatarOption: Same<z.infer<typeof avatarOptionSchema>, AvatarOption>;
  JoinGameData: Same<z.infer<typeof joinGameDataSchema>, JoinGameData>;
  PublicPlayer: Same<z.infer<typeof publicPlayerSchema>, PublicPlayer>;
  FirstPlayer: Same<z.infer<typeof firstPlayerSchema>, FirstPlayer>;
  LobbyData: Same<z.infer<typeof lobbyDataSchema>, LobbyData>;
  GameSettings: Same<z.infer<typeof gameSettingsSchema>, GameSettings>;
  StocksData: Same<z.infer<typeof stocksDataSchema>, StocksData>;
  PriceUpdateData: Same<z.infer<typeof priceUpdateDataSchema>, PriceUpdateData>;
  OrderbookData: Same<z.infer<typeof orderbookDataSchema>, OrderbookData>;
  Portfolio: Same<z.infer<typeof portfolioSchema>, Portfolio>;
  TransactionEntry: Same<z.infer<typeof transactionEntrySchema>, TransactionEntry>;
  RankingEntry: Same<z.infer<typeof rankingEntrySchema>, RankingEntry>;
  MayhemData: Same<z.infer<typeof mayhemDataSchema>, MayhemData>;
  PriceChange: Same<z.infer<typeof priceChangeSchema>, PriceChange>;
  MayhemAverageData: Same<z.infer<typeof mayhemAverageDataSchema>, MayhemAverageData>;
  PricePoint: Same<z.infer<typeof pricePointSchema>, PricePoint>;
  PublicConfigData: Same<z.infer<typeof publicConfigDataSchema>, PublicConfigData>;
  BrokerChange: Same<z.infer<typeof brokerChangeSchema>, BrokerChange>;
  PhasePauseData: Same<z.infer<typeof phasePauseDataSchema>, PhasePauseData>;
  UndoneAction: Same<z.infer<typeof undoneActionSchema>, UndoneAction>;
}>;
