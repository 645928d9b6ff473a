import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changePercent, changeText, spokenChange } from './price-change.ts';

describe('changePercent', () => {
  it('is the move from the previous price, to one decimal, rounded half up', () => {
    expect(changePercent(400, 450)).toBe(12.5);
    expect(changePercent(500, 460)).toBe(-8);
    expect(changePercent(280, 294)).toBe(5);
    expect(changePercent(450, 466.5)).toBe(3.7); // 3.666… %
    expect(changePercent(3, 2.99)).toBe(-0.3); // -0.333… %
    expect(changePercent(100, 100)).toBe(0);
    expect(changePercent(0, 100)).toBe(0);
  });

  it('has the sign of the move', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10 ** 9 }),
        fc.integer({ min: 100, max: 10 ** 9 }),
        (a, b) => {
          const p = changePercent(a / 100, b / 100);
          if (b > a) expect(p).toBeGreaterThanOrEqual(0);
          if (b < a) expect(p).toBeLessThanOrEqual(0);
          if (a === b) expect(p).toBe(0);
        },
      ),
    );
  });
});

describe('changeText and spokenChange', () => {
  it('writes an arrow, the sign and the percentage', () => {
    expect(changeText(12.5)).toBe('▲ +12.5 %');
    expect(changeText(-8)).toBe('▼ −8 %');
    expect(changeText(0)).toBe('0 %');
    expect(changeText(0.04)).toBe('0 %');
  });

  it('gives the direction and the magnitude a screen reader says', () => {
    expect(spokenChange(12.5)).toEqual({ direction: 'up', magnitude: '12.5' });
    expect(spokenChange(-8)).toEqual({ direction: 'down', magnitude: '8' });
    expect(spokenChange(0.04)).toEqual({ direction: 'unchanged', magnitude: '0' });
  });
});
