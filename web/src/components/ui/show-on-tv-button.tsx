import TvIcon from '@mui/icons-material/Tv';
import Button, { type ButtonProps } from '@mui/material/Button';
import { t } from '../../i18n';

/** Opens the board's big-screen view (/spectate/<code>) in a new tab, for the table's TV. */
export function ShowOnTvButton({
  code,
  ...rest
}: { code: string } & Omit<ButtonProps<'a'>, 'href' | 'component'>) {
  return (
    <Button
      component="a"
      href={`/spectate/${encodeURIComponent(code)}`}
      target="_blank"
      rel="noopener"
      variant="outlined"
      startIcon={<TvIcon />}
      {...rest}
    >
      {t('Show on TV')}
    </Button>
  );
}
