import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import type { PublicPlayer } from '@showdown/shared/api';
import { roleLabel } from '@showdown/shared/roles';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PlayerName } from '../../../components/ui/bot-mark';
import { PresenceDot } from '../../../components/ui/presence-dot';
import { t } from '../../../i18n';

interface LobbyPlayersProps {
  players: readonly PublicPlayer[];
  myPlayerId: number | null;
  /** Ids of the players connected now. */
  online: readonly number[];
  /** The viewer may remove the other players (never themself). */
  canRemove: boolean;
  onRemove: (player: PublicPlayer) => void;
}

/** The players seated so far: avatar with presence, name, role, and the broker's remove. */
export function LobbyPlayers({
  players,
  myPlayerId,
  online,
  canRemove,
  onRemove,
}: LobbyPlayersProps) {
  return (
    <List aria-label={t('Players')} sx={{ bgcolor: 'background.paper', borderRadius: 3 }}>
      {players.map((player) => (
        <ListItem
          key={player.player_id}
          secondaryAction={
            canRemove && player.player_id !== myPlayerId ? (
              <IconButton
                edge="end"
                aria-label={t('Remove {name}', { name: player.username })}
                onClick={() => onRemove(player)}
              >
                <PersonRemoveIcon />
              </IconButton>
            ) : undefined
          }
        >
          <ListItemAvatar>
            <Box sx={{ position: 'relative', width: 44 }}>
              <AvatarImage
                avatarId={player.avatar_id}
                name={player.username}
                bot={player.bot}
                size={44}
              />
              <PresenceDot online={online.includes(player.player_id)} name={player.username} />
            </Box>
          </ListItemAvatar>
          <ListItemText
            primary={
              // A long name is cut with an ellipsis; the whole name shows on hover.
              <PlayerName
                name={player.username}
                bot={player.bot}
                sx={{ fontWeight: 'inherit' }}
                text={
                  player.player_id === myPlayerId
                    ? t('{name} (You)', { name: player.username })
                    : undefined
                }
              />
            }
            secondary={t(roleLabel(player.role))}
          />
        </ListItem>
      ))}
    </List>
  );
}
