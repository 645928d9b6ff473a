import ArrowBackIosNewIcon from '@mui/icons-material/ArrowBackIosNew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BrokerOfflinePrompt } from '../broker/broker-offline-prompt';
import { useAppStore } from '../../stores/app-store';
import { selectPractice } from '../../stores/game-selectors';
import { PracticeTag } from './bot-mark';
import { ConnectionBanner } from './connection-banner';
import { CountdownChip } from './countdown-chip';
import { usePageSlots } from './page-slots';
import { t } from '../../i18n';

interface PageLayoutProps {
  title?: ReactNode;
  /** Shows the back button; by default it goes one page back. */
  back?: boolean;
  onBack?: () => void;
  /** Shows the help menu (How to Play, Player Roles, Home) in the top-right corner. */
  help?: boolean;
  /** Extra controls at the top right, before the help menu. */
  actions?: ReactNode;
  /** Pinned below the content, e.g. the bottom tab bar. */
  footer?: ReactNode;
  /**
   * An in-game screen: the top bar shows the trade-phase countdown chip and the connection
   * banner shows while the live connection is down.
   */
  live?: boolean;
  children: ReactNode;
}

/** A phone-width page: header with back button, title and help menu, then the content. */
export function PageLayout({
  title,
  back = true,
  onBack,
  help = false,
  actions,
  footer,
  live = false,
  children,
}: PageLayoutProps) {
  const navigate = useNavigate();
  const { helpMenu } = usePageSlots();
  const practice = useAppStore(selectPractice);
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        maxWidth: 480,
        mx: 'auto',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pt: 1, minHeight: 56 }}
      >
        <Box sx={{ width: 48, flexShrink: 0 }}>
          {back && (
            <IconButton
              aria-label={t('Back')}
              onClick={onBack ?? (() => void navigate(-1))}
              color="primary"
            >
              <ArrowBackIosNewIcon />
            </IconButton>
          )}
        </Box>
        <Box sx={{ flex: 1, textAlign: 'center', minWidth: 0 }}>
          {typeof title === 'string' ? (
            <Typography variant="h3" component="h1" color="primary" noWrap title={title}>
              {title}
            </Typography>
          ) : (
            title
          )}
          {live && <CountdownChip />}
          {live && practice && <PracticeTag />}
        </Box>
        <Box sx={{ minWidth: 48, display: 'flex', justifyContent: 'flex-end', flexShrink: 0 }}>
          {actions}
          {help && helpMenu}
        </Box>
      </Box>
      {live && <ConnectionBanner />}
      {live && <BrokerOfflinePrompt />}
      <Box
        component="main"
        sx={{ flex: 1, px: 2, pb: 3, display: 'flex', flexDirection: 'column' }}
      >
        {children}
      </Box>
      {footer}
    </Box>
  );
}
