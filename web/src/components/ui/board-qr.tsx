import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { t } from '../../i18n';

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4;

interface BoardQrProps {
  /** What the code encodes: the board's join link. */
  url: string;
  /** Rendered width and height (any CSS length). */
  size: number | string;
}

/**
 * The board's join link as a QR code, drawn in the browser as one SVG path (crisp at any size,
 * from a phone lobby to a 4K TV). Dark modules on white, so every phone camera reads it.
 */
export function BoardQr({ url, size }: BoardQrProps) {
  const { path, width } = useMemo(() => {
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    let d = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (modules.get(y, x)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
      }
    }
    return { path: d, width: n + 2 * QUIET };
  }, [url]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={t('QR code to join this board: {url}', { url })}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, display: 'block', borderRadius: 1 }}
    >
      <rect width={width} height={width} fill="#ffffff" />
      <path d={path} fill="#000000" data-testid="qr-modules" />
    </Box>
  );
}
