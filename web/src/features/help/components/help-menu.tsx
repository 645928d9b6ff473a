import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { t } from '../../../i18n';

/**
 * The menu and its dialog (MUI's Menu, Popover, Modal and Dialog) are not part of the first
 * screens' JavaScript (/login): they load when a page shows the help button, before it is used.
 */
const HelpMenuPopup = lazy(async () => ({
  default: (await import('./help-menu-popup')).HelpMenuPopup,
}));

/** The help button: How to Play (the rules PDF), Player Roles and Home. */
export function HelpMenu() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmHome, setConfirmHome] = useState(false);

  return (
    <>
      <IconButton
        aria-label={t('Help')}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        color="primary"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <HelpOutlineIcon />
      </IconButton>
      <Suspense fallback={null}>
        <HelpMenuPopup
          menuId={menuId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          confirmHome={confirmHome}
          onConfirmHomeChange={setConfirmHome}
        />
      </Suspense>
    </>
  );
}
