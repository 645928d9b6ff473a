import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useState } from 'react';
import {
  chooseLanguage,
  currentLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  t,
  type Language,
} from '../../../i18n';

/**
 * 'हिन्दी' must be legible to an English reader too, on a device without a Devanagari font: the
 * app's bold Devanagari face (a button's weight) is fetched, and the answer is whether that is
 * over (loaded, or failed: then the system's fonts). Chromium keeps text it laid out before the
 * face was there as boxes, even in a new element, so the label's text is first laid out then.
 */
function useDevanagariLabel(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void import('../../../i18n/devanagari-font')
      .then((font) => font.loadDevanagariFont(['700']))
      // Without the font's module (offline, not cached) the label is drawn in the system's fonts.
      .catch(() => undefined)
      .then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}

/** Profile's language choice (English or हिन्दी), kept on this device. */
export function LanguageSwitch() {
  const labelId = useId();
  const fontReady = useDevanagariLabel();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography id={labelId} color="text.secondary">
        {t('Language')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-labelledby={labelId}
        value={currentLanguage()}
        onChange={(_event, language: Language | null) => {
          if (language) void chooseLanguage(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <ToggleButton
            key={language}
            value={language}
            lang={language}
            // Named from the start; the Devanagari text is drawn once its face is there.
            aria-label={LANGUAGE_NAMES[language]}
            sx={{ px: 2 }}
          >
            {fontReady || language !== 'hi' ? LANGUAGE_NAMES[language] : ''}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
