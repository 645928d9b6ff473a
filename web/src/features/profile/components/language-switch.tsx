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
 * app's bold Devanagari face (a button's weight) is fetched, and the answer is whether it has
 * loaded, for the label to be drawn again with it.
 */
function useDevanagariLabel(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void import('../../../i18n/devanagari-font')
      .then((font) => font.loadDevanagariFont(['700']))
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
            // A new element once the font is there: the label is laid out again with it.
            key={`${language}-${fontReady}`}
            value={language}
            lang={language}
            sx={{ px: 2 }}
          >
            {LANGUAGE_NAMES[language]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
