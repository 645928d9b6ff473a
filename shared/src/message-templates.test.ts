import { describe, expect, it } from 'vitest';
import { fillTemplate, matchTemplate, MSG_TEMPLATE } from './message-templates.ts';
import { claimTooEarlyMessage } from './roles.ts';

describe('server messages with values', () => {
  it('a filled template is matched back to the template and its values', () => {
    const label = fillTemplate(MSG_TEMPLATE.UNDONE_PRICE_BACK, {
      companies: 'Ganga Pharma, Tandoor Motors',
      price: '₹2,580.00',
    });
    expect(label).toBe('Undone: price update of Ganga Pharma, Tandoor Motors (back to ₹2,580.00)');
    expect(matchTemplate(label)).toEqual({
      template: MSG_TEMPLATE.UNDONE_PRICE_BACK,
      values: { companies: 'Ganga Pharma, Tandoor Motors', price: '₹2,580.00' },
    });
    expect(matchTemplate('Undone: price update of Ganga Pharma')?.template).toBe(
      MSG_TEMPLATE.UNDONE_PRICE,
    );
  });

  it("the claim's too-early answer is the template's", () => {
    expect(claimTooEarlyMessage(12)).toBe(
      'The broker has been offline for less than 60 seconds. Try again in 12 s.',
    );
    expect(matchTemplate(claimTooEarlyMessage(12))).toEqual({
      template: MSG_TEMPLATE.BROKER_CLAIM_TOO_EARLY,
      values: { limit: '60', seconds: '12' },
    });
  });

  it('any other text matches no template', () => {
    expect(matchTemplate('Undone.')).toBeNull();
    expect(matchTemplate('Trade phase is paused')).toBeNull();
  });
});
