import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import {
  chooseLanguage,
  currentLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  t,
  type Language,
} from '../../../i18n';

/** Profile's language choice (English or हिन्दी), kept on this device. */
export function LanguageSwitch() {
  const labelId = useId();
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
          <ToggleButton key={language} value={language} lang={language} sx={{ px: 2 }}>
            {LANGUAGE_NAMES[language]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
