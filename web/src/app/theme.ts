import { createTheme } from '@mui/material/styles';

/** The game's identity: deep navy trading floor, gold accents, green/red tickers. Mobile first. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#f5c542', light: '#ffd96b', dark: '#c99a1a', contrastText: '#0b1f3a' },
    secondary: { main: '#2f6fde', contrastText: '#ffffff' },
    success: { main: '#2ecc71' },
    // Navy on coral: white text there stays under 4.5:1 (WCAG AA).
    error: { main: '#ff5a5f', contrastText: '#0b1f3a' },
    background: { default: '#0b1f3a', paper: '#12294d' },
    text: { primary: '#f4f6fb', secondary: '#b7c3dc' },
    divider: 'rgba(245, 197, 66, 0.24)',
  },
  shape: { borderRadius: 12 },
  typography: {
    // Devanagari after the Latin fonts: the app's own face (i18n/devanagari-font.ts, loaded with
    // Hindi) covers only Devanagari, so Latin letters never come from it.
    fontFamily:
      '"Poppins", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Devanagari", sans-serif',
    h1: { fontSize: '2rem', fontWeight: 800, letterSpacing: '0.02em' },
    h2: { fontSize: '1.6rem', fontWeight: 800 },
    h3: { fontSize: '1.35rem', fontWeight: 700 },
    h4: { fontSize: '1.2rem', fontWeight: 700 },
    button: { fontWeight: 700, textTransform: 'none', fontSize: '1rem' },
  },
  breakpoints: { values: { xs: 0, sm: 360, md: 750, lg: 1024, xl: 1440 } },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: {
          minHeight: '100dvh',
          backgroundImage:
            'radial-gradient(circle at 50% -20%, rgba(47,111,222,0.35), transparent 60%), linear-gradient(180deg, #0b1f3a 0%, #07152a 100%)',
          backgroundAttachment: 'fixed',
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { minHeight: 48, borderRadius: 24, paddingInline: 24 },
        containedPrimary: {
          backgroundImage: 'linear-gradient(180deg, #ffd96b 0%, #f5c542 50%, #c99a1a 100%)',
          // Disabled: a flat muted gold with light text (6.2:1), clearly inactive.
          '&.Mui-disabled': {
            backgroundImage: 'none',
            backgroundColor: '#6b5a24',
            color: '#f4f6fb',
          },
        },
      },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', fullWidth: true } },
    MuiDialog: {
      styleOverrides: { paper: { borderRadius: 16, border: '1px solid rgba(245,197,66,0.4)' } },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  },
});
