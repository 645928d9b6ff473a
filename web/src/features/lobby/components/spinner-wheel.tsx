import Box from '@mui/material/Box';
import { SPINNER_DELAY_MS } from '@showdown/shared/constants';
import { useId } from 'react';
import { t } from '../../../i18n';

const COLOURS = ['#f5c542', '#2f6fde', '#2ecc71', '#ff5a5f', '#9b59b6', '#1abc9c', '#e67e22'];

interface SpinnerWheelProps {
  names: readonly string[];
  /** Current rotation in degrees (clockwise). */
  rotation: number;
}

/** The angle (clockwise from the top) of segment `index`'s centre. */
export function segmentCentre(index: number, count: number): number {
  return (index + 0.5) * (360 / count);
}

/**
 * The rotation that brings segment `index` under the top pointer, starting from `from` and adding
 * at least `extra` degrees so the wheel visibly spins.
 */
export function landingRotation(from: number, index: number, count: number, extra: number): number {
  const base = from + extra;
  const wanted = (360 - segmentCentre(index, count)) % 360;
  const offset = (((wanted - base) % 360) + 360) % 360;
  return base + offset;
}

function slicePath(index: number, count: number, r: number): string {
  if (count === 1) return `M 0 ${-r} A ${r} ${r} 0 1 1 -0.01 ${-r} Z`;
  const a0 = ((index * 360) / count - 90) * (Math.PI / 180);
  const a1 = (((index + 1) * 360) / count - 90) * (Math.PI / 180);
  const large = 360 / count > 180 ? 1 : 0;
  return `M 0 0 L ${r * Math.cos(a0)} ${r * Math.sin(a0)} A ${r} ${r} 0 ${large} 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
}

export function SpinnerWheel({ names, rotation }: SpinnerWheelProps) {
  const titleId = useId();
  const count = names.length;
  return (
    // alignSelf centres it in a flex column (a Stack resets its children's margins, so mx alone
    // left it at the start); mx centres it in a block parent.
    <Box
      sx={{
        position: 'relative',
        width: 280,
        height: 280,
        maxWidth: '100%',
        mx: 'auto',
        alignSelf: 'center',
        flexShrink: 0,
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: -6,
          left: '50%',
          transform: 'translateX(-50%)',
          width: 0,
          height: 0,
          borderLeft: '14px solid transparent',
          borderRight: '14px solid transparent',
          borderTop: '26px solid',
          borderTopColor: 'primary.light',
          zIndex: 1,
        }}
      />
      <Box
        component="svg"
        viewBox="-110 -110 220 220"
        role="img"
        aria-labelledby={titleId}
        data-testid="spinner-wheel"
        style={{ transform: `rotate(${rotation}deg)` }}
        sx={{
          width: '100%',
          height: '100%',
          transition: `transform ${SPINNER_DELAY_MS}ms cubic-bezier(0.15, 0.85, 0.25, 1)`,
        }}
      >
        <title id={titleId}>{t('Spinner wheel: {names}', { names: names.join(', ') })}</title>
        <circle r="108" fill="#07152a" stroke="#f5c542" strokeWidth="4" />
        {names.map((name, index) => {
          const angle = segmentCentre(index, count);
          return (
            <g key={`${name}-${index}`}>
              <path
                d={slicePath(index, count, 100)}
                fill={COLOURS[index % COLOURS.length]}
                opacity={0.9}
              />
              <text
                transform={`rotate(${angle}) translate(0 -62) rotate(90)`}
                textAnchor="middle"
                dominantBaseline="middle"
                fill="#0b1f3a"
                fontSize="11"
                fontWeight="700"
              >
                {name.length > 12 ? `${name.slice(0, 11)}…` : name}
              </text>
            </g>
          );
        })}
        <circle r="14" fill="#f5c542" stroke="#0b1f3a" strokeWidth="3" />
      </Box>
    </Box>
  );
}
