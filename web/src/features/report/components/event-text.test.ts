import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n';
import { eventText } from './event-text';

afterEach(() => activateLanguage('en'));

describe("the report's event labels in Hindi", () => {
  it("translates an undo's words and keeps the company, the amounts and the English as is", async () => {
    const undone = 'Undone: Price update, Ganga Pharma ₹2,580.00 → ₹2,450.00';
    expect(eventText(undone)).toBe(undone);
    await activateLanguage('hi');
    expect(eventText(undone)).toBe(
      'पहले जैसा किया गया: भाव अपडेट, Ganga Pharma ₹2,580.00 → ₹2,450.00',
    );
    expect(eventText('Undone: PAYDAY')).toBe('पहले जैसा किया गया: पेडे');
    expect(eventText('Undone: Market mayhem, Ganga Pharma ₹1 → ₹2')).toBe(
      'पहले जैसा किया गया: मार्केट मेहेम, Ganga Pharma ₹1 → ₹2',
    );
    expect(eventText('Market mayhem: Ganga Pharma ₹1 → ₹2')).toBe(
      'मार्केट मेहेम: Ganga Pharma ₹1 → ₹2',
    );
  });
});
