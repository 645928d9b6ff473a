import HomeIcon from '@mui/icons-material/Home';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { GAME_STATUS } from '@showdown/shared/constants';
import { isBrokerRole } from '@showdown/shared/roles';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HandOverDialog } from '../../../components/broker/hand-over-dialog';
import { useAppStore } from '../../../stores/app-store';
import { selectRole, selectStatus } from '../../../stores/game-selectors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { env } from '../../../config/env';
import { t } from '../../../i18n';

interface HelpMenuPopupProps {
  menuId: string;
  /** The help button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
  confirmHome: boolean;
  onConfirmHomeChange: (open: boolean) => void;
}

/** The help button's menu and its 'return Home?' question (loaded on first use, see HelpMenu). */
export function HelpMenuPopup({
  menuId,
  anchor,
  onClose: close,
  confirmHome,
  onConfirmHomeChange: setConfirmHome,
}: HelpMenuPopupProps) {
  const navigate = useNavigate();
  const role = useAppStore(selectRole);
  const status = useAppStore(selectStatus);
  const [handOver, setHandOver] = useState(false);
  // The broker's menu: the powers may be handed on in the lobby or while the game runs.
  const canHandOver =
    isBrokerRole(role) && (status === GAME_STATUS.LOBBY || status === GAME_STATUS.RUNNING);
  return (
    <>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          component="a"
          href={env.VITE_HOW_TO_PLAY_URL}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          <ListItemIcon>
            <MenuBookIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('How to Play')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void navigate('/role');
          }}
        >
          <ListItemIcon>
            <PeopleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('Player Roles')}</ListItemText>
        </MenuItem>
        {canHandOver && (
          <MenuItem
            onClick={() => {
              close();
              setHandOver(true);
            }}
          >
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('Hand over broker')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            setConfirmHome(true);
          }}
        >
          <ListItemIcon>
            <HomeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('Home')}</ListItemText>
        </MenuItem>
      </Menu>
      <HandOverDialog open={handOver} onClose={() => setHandOver(false)} />
      <ConfirmDialog
        open={confirmHome}
        title={t('Do you want to return Home?')}
        onConfirm={() => {
          setConfirmHome(false);
          void navigate('/profile');
        }}
        onCancel={() => setConfirmHome(false)}
      />
    </>
  );
}
