import Box from '@mui/material/Box';
import { t } from '../../i18n';

interface CompanyLogoProps {
  /** The logo path from the server or the catalogue, e.g. '/logos/lotus-bank.svg'. */
  src: string | null | undefined;
  name: string;
  size?: number;
}

/** A listed company's logo; falls back to its initial when there is no image. */
export function CompanyLogo({ src, name, size = 44 }: CompanyLogoProps) {
  const common = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 2,
    bgcolor: 'background.default',
  } as const;
  if (!src) {
    return (
      <Box
        role="img"
        aria-label={t('{name} logo', { name })}
        sx={{
          ...common,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          color: 'primary.main',
        }}
      >
        {name.charAt(0)}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={t('{name} logo', { name })}
      width={size}
      height={size}
      sx={{ ...common, objectFit: 'contain' }}
    />
  );
}
