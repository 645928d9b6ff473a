import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { canVibrate } from '../../../lib/haptics';
import { unlockSound } from '../../../lib/sound/sound';
import { useAppStore } from '../../../stores/app-store';
import { t } from '../../../i18n';

/**
 * This phone's own choices, kept on the device (a sign-out keeps them): alert sounds, vibration
 * (where the phone can vibrate) and keeping the screen awake during a game.
 */
export function DeviceSwitches() {
  const soundOn = useAppStore((s) => s.soundOn);
  const setSoundOn = useAppStore((s) => s.setSoundOn);
  const vibrationOn = useAppStore((s) => s.vibrationOn);
  const setVibrationOn = useAppStore((s) => s.setVibrationOn);
  const keepAwake = useAppStore((s) => s.keepAwake);
  const setKeepAwake = useAppStore((s) => s.setKeepAwake);
  const sx = { alignSelf: 'center' };
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={soundOn}
            onChange={(_event, on) => {
              setSoundOn(on);
              // This tap lets the browser start sound for the alerts to come.
              if (on) void unlockSound();
            }}
          />
        }
        label={t('Alert sound')}
        sx={sx}
      />
      {canVibrate() && (
        <FormControlLabel
          control={<Switch checked={vibrationOn} onChange={(_event, on) => setVibrationOn(on)} />}
          label={t('Vibration')}
          sx={sx}
        />
      )}
      <FormControlLabel
        control={<Switch checked={keepAwake} onChange={(_event, on) => setKeepAwake(on)} />}
        label={t('Keep screen awake')}
        sx={sx}
      />
    </>
  );
}
