import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n';
import { PriceChange } from './price-change';

afterEach(() => activateLanguage('en'));

const mayhemMove = { previous: 400, price: 420, percent: 5, cause: 'mayhem', seq: 1 } as const;

describe('PriceChange', () => {
  it('says a mayhem move as one sentence, in Hindi with the cause first', async () => {
    const { unmount } = render(<PriceChange move={mayhemMove} />);
    expect(screen.getByRole('img', { name: 'up 5 percent by market mayhem' })).toBeVisible();
    unmount();
    await activateLanguage('hi');
    render(<PriceChange move={{ ...mayhemMove, percent: -8 }} />);
    expect(screen.getByRole('img', { name: 'मार्केट मेहेम से 8 प्रतिशत नीचे' })).toBeVisible();
  });
});
