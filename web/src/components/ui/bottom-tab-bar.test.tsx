import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findLocation, renderScreen, setGame } from '../../../test/in-game/render-screen';
import { BottomTabBar } from './bottom-tab-bar';

function tabNames(): string[] {
  return screen.getAllByRole('button').map((b) => b.textContent ?? '');
}

describe('BottomTabBar', () => {
  beforeEach(() => setGame({ role: 2 }));
  afterEach(() => vi.restoreAllMocks());

  it('publishes its height for the toasts to sit above it, and withdraws it when gone', () => {
    // Sticky at the viewport's bottom: its top is 57 px above it.
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 787,
      bottom: 844,
      height: 57,
    } as DOMRect);
    const { unmount } = renderScreen(<BottomTabBar />, { path: '/stock-prices' });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--tab-bar-height')).toBe('57px');
    unmount();
    expect(root.getPropertyValue('--tab-bar-height')).toBe('');
  });

  it('shows all four tabs to an investor', () => {
    renderScreen(<BottomTabBar />, { path: '/stock-prices' });
    expect(tabNames()).toEqual(['Market Monitor', 'Portfolio', 'Trade Hub', 'History']);
  });

  it('keeps each label on one line', () => {
    renderScreen(<BottomTabBar />, { path: '/stock-prices' });
    expect(screen.getByText('Market Monitor')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows all four tabs to an investor & broker', () => {
    setGame({ role: 3 });
    renderScreen(<BottomTabBar />, { path: '/transaction' });
    expect(tabNames()).toEqual(['Market Monitor', 'Portfolio', 'Trade Hub', 'History']);
  });

  it('hides Portfolio and Trade Hub from the broker', () => {
    setGame({ role: 1 });
    renderScreen(<BottomTabBar />, { path: '/stock-prices' });
    expect(tabNames()).toEqual(['Market Monitor', 'History']);
    expect(screen.queryByRole('button', { name: 'Portfolio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Trade Hub' })).not.toBeInTheDocument();
  });

  it.each(['/stock-prices', '/price-updates', '/portfolio', '/trade', '/transaction'])(
    'is shown on %s',
    (path) => {
      renderScreen(<BottomTabBar />, { path });
      expect(screen.getByRole('navigation', { name: 'Game sections' })).toBeInTheDocument();
    },
  );

  it('is not shown on other screens', () => {
    renderScreen(<BottomTabBar />, { path: '/market-mayhem' });
    expect(screen.queryByRole('navigation', { name: 'Game sections' })).not.toBeInTheDocument();
  });

  it('marks the current tab, Market Monitor also on price updates, and navigates', async () => {
    setGame({ role: 1 });
    const { user } = renderScreen(<BottomTabBar />, { path: '/price-updates' });
    expect(screen.getByRole('button', { name: 'Market Monitor' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(await findLocation()).toBe('/transaction');
  });
});
