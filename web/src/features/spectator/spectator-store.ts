/**
 * The spectator screen's own state: the allowlisted snapshot kept current by the shared reducer,
 * plus the announcements the big screen shows for a few seconds. A vanilla store per screen, so
 * tests drive it with recorded events and nothing leaks into the players' app store.
 */
import { createStore } from 'zustand/vanilla';
import { applyGameEvent, applyPresence } from '@showdown/shared/game-state';
import { companyById } from '@showdown/shared/catalogue';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import type { GameEventName, PresencePayload } from '@showdown/shared/protocol';
import {
  isGameEventName,
  type SpectatorEventName,
  type SpectatorEventPayload,
  type SpectatorSnapshot,
} from '@showdown/shared/spectator';
import type { EventResult } from '../../lib/socket';
import type { Cue } from '../../lib/sound/sound';
import { t } from '../../i18n';

export type AnnouncementKind = 'payday' | 'first-player' | 'mayhem-opened' | 'mayhem-applied';

export interface Announcement {
  id: number;
  kind: AnnouncementKind;
  title: string;
  lines: string[];
}

export interface SpectatorState {
  game: SpectatorSnapshot | null;
  error: string | null;
  /** Newest last; the screen shows the newest for a few seconds. */
  announcements: Announcement[];
  /** The sounds of the last applied events that have one, newest last, for the TV to play. */
  cues: Array<{ id: number; name: Cue }>;
  /** The game whose end this screen saw happen: its recap plays before the podium. */
  recapGameId: number | null;
}

export interface SpectatorActions {
  loadSnapshot(snapshot: SpectatorSnapshot): void;
  applyEvent<E extends SpectatorEventName>(name: E, payload: SpectatorEventPayload<E>): EventResult;
  setError(message: string | null): void;
  /** The recap played out or was skipped: the podium. */
  finishRecap(): void;
}

export type SpectatorStore = ReturnType<typeof createSpectatorStore>;

const companyName = (stockId: number, game: SpectatorSnapshot) =>
  game.stocks.find((s) => s.stock_id === stockId)?.name ??
  companyById(stockId)?.name ??
  t('Company {id}', { id: stockId });

/** What an applied event announces on the big screen, if anything. */
function announcementOf(
  name: GameEventName,
  payload: SpectatorEventPayload<GameEventName>,
  game: SpectatorSnapshot,
): Omit<Announcement, 'id'> | null {
  switch (name) {
    case 'payday:given': {
      const e = payload as SpectatorEventPayload<'payday:given'>;
      return {
        kind: 'payday',
        title: t('Payday!'),
        lines: [
          t('{amount} to every investor', { amount: formatINR(e.amount, { decimals: 0 }) }),
          t('Payday {number} of {total}', {
            number: e.paydays_given,
            total: game.game.settings.paydays_total,
          }),
        ],
      };
    }
    case 'firstPlayer:picked': {
      const e = payload as SpectatorEventPayload<'firstPlayer:picked'>;
      return {
        kind: 'first-player',
        title: t('First player'),
        lines: [t('{name} goes first', { name: e.username })],
      };
    }
    case 'mayhem:created': {
      const e = payload as SpectatorEventPayload<'mayhem:created'>;
      return {
        kind: 'mayhem-opened',
        title: t('Market Mayhem!'),
        lines: e.mayhem.stock_ids.map((s) => s.name),
      };
    }
    case 'mayhem:averaged': {
      const e = payload as SpectatorEventPayload<'mayhem:averaged'>;
      return {
        kind: 'mayhem-applied',
        title: t('Mayhem applied'),
        lines:
          e.changes.length === 0
            ? [t('No company moved')]
            : e.changes.map(
                (c) =>
                  `${companyName(c.stock_id, game)} ${c.percentage >= 0 ? '▲' : '▼'} ${formatSignedPercent(c.percentage)}`,
              ),
      };
    }
    default:
      return null;
  }
}

/**
 * What the TV plays for an applied event: trading opens or resumes, the phase ends, a payday,
 * market mayhem opening and applied, the end of the game. Only live events: a snapshot (a TV
 * opened late, a resync) plays nothing.
 */
export const TV_CUES: { [E in GameEventName]?: Cue } = {
  'phase:started': 'phase-open',
  'phase:resumed': 'phase-open',
  'phase:ended': 'phase-end',
  'payday:given': 'payday',
  'mayhem:created': 'mayhem',
  'mayhem:averaged': 'mayhem-applied',
  'game:ended': 'podium',
};

export function createSpectatorStore() {
  let nextId = 1;
  return createStore<SpectatorState & SpectatorActions>()((set, get) => ({
    game: null,
    error: null,
    announcements: [],
    cues: [],
    recapGameId: null,
    loadSnapshot(snapshot) {
      const current = get().game;
      // A new game on the board: yesterday's announcements do not belong to it.
      const announcements = current?.game.id === snapshot.game.id ? get().announcements : [];
      set({ game: snapshot, error: null, announcements });
    },
    applyEvent(name, payload) {
      const game = get().game;
      if (!game) return 'ignored';
      if (name === 'presence:changed') {
        const next = applyPresence(game, payload as PresencePayload);
        if (next === game) return 'ignored';
        set({ game: next });
        return 'applied';
      }
      if (!isGameEventName(name)) return 'ignored';
      const result = applyGameEvent(game, name, payload as SpectatorEventPayload<typeof name>);
      if (result.kind !== 'applied') return result.kind;
      const news = announcementOf(
        name,
        payload as SpectatorEventPayload<GameEventName>,
        result.state,
      );
      const cue = TV_CUES[name];
      set({
        game: result.state,
        announcements: news
          ? [...get().announcements.slice(-9), { id: nextId++, ...news }]
          : get().announcements,
        cues: cue ? [...get().cues.slice(-9), { id: nextId++, name: cue }] : get().cues,
        ...(name === 'game:ended' ? { recapGameId: result.state.game.id } : {}),
        // The broker skipped the recap from their phone: the podium.
        ...(name === 'recap:skipped' ? { recapGameId: null } : {}),
      });
      return 'applied';
    },
    setError(message) {
      set({ error: message });
    },
    finishRecap() {
      set({ recapGameId: null });
    },
  }));
}
