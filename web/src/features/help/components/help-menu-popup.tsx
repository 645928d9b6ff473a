import HomeIcon from '@mui/icons-material/Home';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router-dom';
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
