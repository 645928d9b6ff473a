import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ROLE } from '@showdown/shared/constants';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PlayerName } from '../../../components/ui/bot-mark';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useAppStore } from '../../../stores/app-store';
import { selectPlayers } from '../../../stores/game-selectors';
import { loadLobby } from '../../../api/lobby';
import { roleLabel } from '@showdown/shared/roles';
import { t } from '../../../i18n';

/** /role: every player's name and role. */
export function RoleScreen() {
  const players = useAppStore(selectPlayers);
  const { loading } = useGameLoad('screen:roles', loadLobby, { leaveWhenEnded: false });

  return (
    <PageLayout title={t('Player Roles')}>
      {loading && players.length === 0 && <Loader label={t('Loading players')} />}
      {!loading && players.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
          {t('No players have joined yet.')}
        </Typography>
      )}
      <List
        aria-label={t('Player roles')}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {players.map((player) => (
          <ListItem key={player.player_id} sx={{ bgcolor: 'background.paper', borderRadius: 2 }}>
            <ListItemAvatar>
              <AvatarImage
                avatarId={player.avatar_id}
                name={player.username}
                bot={player.bot}
                size={44}
              />
            </ListItemAvatar>
            <ListItemText
              primary={<PlayerName name={player.username} bot={player.bot} />}
              secondary={t(roleLabel(player.role))}
              slotProps={{
                secondary: {
                  sx: { color: player.role === ROLE.INVESTOR ? 'text.secondary' : 'primary.main' },
                },
              }}
            />
          </ListItem>
        ))}
      </List>
    </PageLayout>
  );
}
