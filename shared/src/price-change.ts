/** How a price moved since its previous value: the percentage and how a screen says it. */
import { roundHalfUpDiv, rupeesToPaise, scaleHalfUp } from './money.ts';

/**
 * The change from `previous` to `price` (rupees) in percent, rounded half up to one decimal:
 * 400 → 450 is 12.5, 500 → 460 is -8. Zero when the previous price is zero.
 */
export function changePercent(previous: number, price: number): number {
  const before = BigInt(rupeesToPaise(previous));
  if (before <= 0n) return 0;
  const tenths = roundHalfUpDiv((BigInt(rupeesToPaise(price)) - before) * 1000n, before);
  return Number(tenths) / 10;
}

function magnitudeText(percent: number): string {
  const tenths = scaleHalfUp(Math.abs(percent), 1);
  const whole = (tenths / 10n).toString();
  const fraction = tenths % 10n;
  return fraction === 0n ? whole : `${whole}.${fraction}`;
}

/** The cue's text: '▲ +12.5 %', '▼ −8 %' (a true minus sign), '0 %' when unchanged. */
export function changeText(percent: number): string {
  const magnitude = magnitudeText(percent);
  if (magnitude === '0') return '0 %';
  return percent > 0 ? `▲ +${magnitude} %` : `▼ −${magnitude} %`;
}

/**
 * What a screen reader says for the cue, as facts a screen words in its language: the
 * direction and the magnitude ('up' and '12.5', 'down' and '8'; 'unchanged' and '0').
 */
export function spokenChange(percent: number): {
  direction: 'up' | 'down' | 'unchanged';
  magnitude: string;
} {
  const magnitude = magnitudeText(percent);
  if (magnitude === '0') return { direction: 'unchanged', magnitude };
  return { direction: percent > 0 ? 'up' : 'down', magnitude };
}
