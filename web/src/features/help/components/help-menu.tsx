import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HomeIcon from '@mui/icons-material/Home';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { env } from '../../../config/env';

/** The help button: How to Play (the rules PDF), Player Roles and Home. */
export function HelpMenu() {
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmHome, setConfirmHome] = useState(false);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Help"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        color="primary"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <HelpOutlineIcon />
      </IconButton>
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
          <ListItemText>How to Play</ListItemText>
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
          <ListItemText>Player Roles</ListItemText>
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
          <ListItemText>Home</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmHome}
        title="Do you want to return Home?"
        onConfirm={() => {
          setConfirmHome(false);
          void navigate('/profile');
        }}
        onCancel={() => setConfirmHome(false)}
      />
    </>
  );
}
