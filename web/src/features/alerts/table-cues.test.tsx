import { act, renderHook } from '@testing-library/react';
import { BROKER_CLAIM_AFTER_S } from '@showdown/shared/roles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setGame } from '../../../test/in-game/render-screen';
import { useAppStore } from '../../stores/app-store';
import { useBrokerOfflineAlert, type DeviceCues } from './table-cues';

const BROKER = { id: 1, player_id: 1, username: 'Bina', avatar_id: 1, image: '', role: 1 } as const;
const ASHA = { id: 2, player_id: 2, username: 'Asha', avatar_id: 2, image: '', role: 2 } as const;

function recorder() {
  const heard: string[] = [];
  const cues: DeviceCues = {
    play: (cue) => heard.push(`sound ${cue}`),
    buzz: (buzz) => heard.push(`buzz ${buzz}`),
  };
  return { heard, cues };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the broker gone offline, on a seated player’s phone', () => {
  it('vibrates and chimes once, when the take-over window has passed', () => {
    setGame({ role: 2, playerId: 2, players: [BROKER, ASHA] });
    useAppStore.setState((s) => ({ game: { ...s.game!, online: [2] } }));
    const { heard, cues } = recorder();
    renderHook(() => useBrokerOfflineAlert(cues));
    act(() => vi.advanceTimersByTime(BROKER_CLAIM_AFTER_S * 1000 - 1000));
    expect(heard).toEqual([]);
    act(() => vi.advanceTimersByTime(1000));
    expect(heard).toEqual(['buzz broker-offline', 'sound alert']);
    act(() => vi.advanceTimersByTime(BROKER_CLAIM_AFTER_S * 1000));
    expect(heard).toHaveLength(2);
  });

  it('not while the broker is online, nor on the broker’s own phone', () => {
    const { heard, cues } = recorder();
    setGame({ role: 2, playerId: 2, players: [BROKER, ASHA] });
    useAppStore.setState((s) => ({ game: { ...s.game!, online: [1, 2] } }));
    const online = renderHook(() => useBrokerOfflineAlert(cues));
    act(() => vi.advanceTimersByTime(BROKER_CLAIM_AFTER_S * 2000));
    online.unmount();
    setGame({ role: 1, playerId: 1, players: [BROKER, ASHA] });
    useAppStore.setState((s) => ({ game: { ...s.game!, online: [2] } }));
    renderHook(() => useBrokerOfflineAlert(cues));
    act(() => vi.advanceTimersByTime(BROKER_CLAIM_AFTER_S * 2000));
    expect(heard).toEqual([]);
  });
});
