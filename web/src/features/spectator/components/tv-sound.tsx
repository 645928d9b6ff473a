import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useSoundBlocked } from '../../../hooks/use-sound-blocked';
import { playCue, unlockSound } from '../../../lib/sound/sound';
import { useAppStore } from '../../../stores/app-store';
import { t } from '../../../i18n';
import { usePhaseCountdown } from '../hooks/use-phase-countdown';
import type { SpectatorStore } from '../spectator-store';

/** The last seconds of a phase that tick, and from when the tick is the final one. */
export const TICK_FROM_S = 10;
export const FINAL_TICKS_FROM_S = 3;

/** Plays the board's cues while the TV's sound is on: each event's, and the last ten seconds. */
function useTvCues(store: SpectatorStore, on: boolean): void {
  const cues = useStore(store, (s) => s.cues);
  const settings = useStore(store, (s) => s.game?.game.settings);
  const seconds = usePhaseCountdown({
    orderbookStatus: settings?.orderbook_status ?? 0,
    endsAt: settings?.ends_at ?? null,
  });
  // Each new cue plays once, in order; none while the sound is off (nor later when it comes on).
  const played = useRef(0);
  useEffect(() => {
    for (const cue of cues) {
      if (cue.id <= played.current) continue;
      played.current = cue.id;
      if (on) playCue(cue.name);
    }
  }, [cues, on]);
  useEffect(() => {
    if (!on || seconds === null || seconds < 1 || seconds > TICK_FROM_S) return;
    playCue(seconds <= FINAL_TICKS_FROM_S ? 'countdown-final' : 'countdown');
    // One tick per second shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds]);
}

/**
 * The TV's sound: a switch always in view (remembered on this device), and, where the browser
 * holds sound back until someone taps the page, a "Tap for sound" button.
 */
export function TvSound({ store }: { store: SpectatorStore }) {
  const on = useAppStore((s) => s.tvSoundOn);
  const setOn = useAppStore((s) => s.setTvSoundOn);
  const blocked = useSoundBlocked(on);
  useTvCues(store, on);
  const big = { fontSize: 'max(18px, 1.3vw)', fontWeight: 700 };
  return (
    <>
      {blocked && (
        <Button
          variant="contained"
          size="large"
          startIcon={<VolumeUpIcon sx={{ fontSize: 'max(28px, 2vw) !important' }} />}
          onClick={() => void unlockSound()}
          sx={{
            position: 'fixed',
            left: '50%',
            bottom: '2.5vw',
            transform: 'translateX(-50%)',
            zIndex: 20,
            px: '2.5vw',
            py: '1vw',
            borderRadius: '3vw',
            fontSize: 'max(22px, 1.8vw)',
            fontWeight: 800,
            boxShadow: '0 0 3vw rgba(0,0,0,0.6)',
          }}
        >
          {t('Tap for sound')}
        </Button>
      )}
      <Box
        sx={{
          position: 'fixed',
          right: '1.5vw',
          bottom: '1.5vw',
          zIndex: 20,
          display: 'flex',
          alignItems: 'center',
          gap: '0.5vw',
          pl: '1vw',
          pr: '0.5vw',
          borderRadius: '2vw',
          bgcolor: 'rgba(11, 31, 58, 0.85)',
          border: '1px solid',
          borderColor: 'divider',
        }}
      >
        {on ? <VolumeUpIcon aria-hidden /> : <VolumeOffIcon aria-hidden />}
        <FormControlLabel
          control={
            <Switch
              checked={on}
              onChange={(_event, checked) => {
                setOn(checked);
                if (checked) void unlockSound();
              }}
            />
          }
          label={t('Sound')}
          labelPlacement="start"
          slotProps={{ typography: { sx: big } }}
          sx={{ m: 0 }}
        />
      </Box>
    </>
  );
}
