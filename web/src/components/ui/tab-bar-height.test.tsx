import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_BAR_HEIGHT_VAR, usePublishedTabBarHeight } from './tab-bar-height';

function ButtonArea() {
  const area = useRef<HTMLDivElement>(null);
  usePublishedTabBarHeight(area);
  return <div ref={area} />;
}

/** The button area's box on a 390×844 phone: `top` px from the top, 200 px tall. */
function placeAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom: top + 200,
    height: 200,
  } as DOMRect);
}

const published = () => document.documentElement.style.getPropertyValue(TAB_BAR_HEIGHT_VAR);

describe('usePublishedTabBarHeight', () => {
  beforeEach(() => vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844));
  afterEach(() => vi.restoreAllMocks());

  it("counts the page's padding below the area, so a toast never overlaps its top button", () => {
    // 24 px of the page's padding lie below the area: the toasts sit above its top edge.
    placeAt(620);
    const { unmount } = render(<ButtonArea />);
    expect(published()).toBe('224px');
    unmount();
    expect(published()).toBe('');
  });

  it('follows the area as the page scrolls, and publishes nothing while it is out of view', () => {
    placeAt(900);
    render(<ButtonArea />);
    expect(published()).toBe('0px');
    placeAt(620);
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(published()).toBe('224px');
  });
});
