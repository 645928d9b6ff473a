import type { ReportEvent } from '@showdown/shared/api';
import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows } from '@showdown/shared/report-sample';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n';
import { eventText } from './event-text';

afterEach(() => activateLanguage('en'));

const report = buildGameReport(sampleReportRows());
const at = { index: 2, at: report.events[2]!.at } as const;
/** The sample game's second event: Asha buys 10 Tandoor Motors at ₹495. */
const buy = report.events[2] as Extract<ReportEvent, { kind: 'trade' }>;

describe("the report's events in words", () => {
  it('a trade reads in Hindi word order: subject, object, then the verb last', async () => {
    expect(eventText(buy)).toBe('Asha bought 10 shares of Tandoor Motors at ₹495.00');
    await activateLanguage('hi');
    const hindi = eventText(buy);
    expect(hindi).toBe('Asha ने Tandoor Motors के 10 शेयर ₹495.00 के भाव पर ख़रीदे');
    // Subject–object–verb: the buyer with its ने first, the shares next, ख़रीदे closing it
    // (English put 'bought' second).
    const position = (word: string) => hindi.indexOf(word);
    expect(position('Asha ने')).toBe(0);
    expect(position('Asha ने')).toBeLessThan(position('10 शेयर'));
    expect(position('10 शेयर')).toBeLessThan(position('ख़रीदे'));
    expect(hindi.endsWith('ख़रीदे')).toBe(true);
  });

  it('one share agrees in the singular; a sale says बेचा/बेचे', async () => {
    await activateLanguage('hi');
    expect(eventText({ ...buy, quantity: 1 })).toBe(
      'Asha ने Tandoor Motors का 1 शेयर ₹495.00 के भाव पर ख़रीदा',
    );
    expect(eventText({ ...buy, trade_type: 1, quantity: 4 })).toBe(
      'Asha ने Tandoor Motors के 4 शेयर ₹495.00 के भाव पर बेचे',
    );
  });

  it('every kind is one sentence in each language, with its figures', async () => {
    const move = { stock_id: 1, company: 'Tandoor Motors', price_before: 450, price_after: 495 };
    const events: ReportEvent[] = [
      { ...at, kind: 'start' },
      { ...at, kind: 'price_update', ...move },
      { ...at, kind: 'price_update', ...move, price_after: 420.75 },
      { ...at, kind: 'mayhem', ...move, price_after: 382.5, percentage: -15 },
      { ...at, kind: 'payday', amount: 2000 },
      { ...at, kind: 'undo', undone: 'price_update', ...move, price_after: 450 },
      { ...at, kind: 'undo', undone: 'mayhem', ...move, price_after: 450 },
      { ...at, kind: 'undo', undone: 'payday', amount: 2000 },
    ];
    expect(events.map(eventText)).toEqual([
      'Game started',
      'Tandoor Motors rose from ₹450.00 to ₹495.00',
      'Tandoor Motors fell from ₹450.00 to ₹420.75',
      'Market mayhem moved Tandoor Motors by -15% to ₹382.50',
      'Each investor received a payday of ₹2,000.00',
      'Price update of Tandoor Motors undone: back to ₹450.00',
      'Market mayhem on Tandoor Motors undone: back to ₹450.00',
      'Payday of ₹2,000.00 undone',
    ]);
    await activateLanguage('hi');
    expect(events.map(eventText)).toEqual([
      'खेल शुरू हुआ',
      'Tandoor Motors का भाव ₹450.00 से बढ़कर ₹495.00 हो गया',
      'Tandoor Motors का भाव ₹450.00 से गिरकर ₹420.75 हो गया',
      'मार्केट मेहेम से Tandoor Motors का भाव -15% बदलकर ₹382.50 हो गया',
      'हर निवेशक को ₹2,000.00 का पेडे मिला',
      'Tandoor Motors का भाव अपडेट पहले जैसा किया गया, भाव फिर से ₹450.00 हो गया',
      'Tandoor Motors पर मार्केट मेहेम पहले जैसा किया गया, भाव फिर से ₹450.00 हो गया',
      '₹2,000.00 का पेडे पहले जैसा किया गया',
    ]);
  });
});
