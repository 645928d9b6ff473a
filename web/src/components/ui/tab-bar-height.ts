import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable holding the bottom tab bar's height while a screen shows it. */
export const TAB_BAR_HEIGHT_VAR = '--tab-bar-height';

/**
 * How much of the viewport's bottom `element` takes: from its top edge down to the viewport's
 * bottom, so whatever lies below it (the page's padding, the safe area) is counted too; 0 while
 * it is out of view.
 */
function spaceBelowTopOf(element: HTMLElement): number {
  const { top, bottom } = element.getBoundingClientRect();
  const viewport = window.innerHeight;
  if (top >= viewport || bottom <= 0) return 0;
  return viewport - Math.max(top, 0);
}

/**
 * Publishes the space `bar` (the bottom tab bar, or a screen's bottom buttons) takes at the
 * bottom of the viewport as TAB_BAR_HEIGHT_VAR, kept current as it resizes, the page scrolls or
 * the viewport changes, so the toasts sit above all of it; removed when it unmounts.
 */
export function usePublishedTabBarHeight(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(TAB_BAR_HEIGHT_VAR, `${spaceBelowTopOf(element)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    // The page growing above it moves it without resizing it.
    observer?.observe(element);
    observer?.observe(document.body);
    window.addEventListener('scroll', publish, { passive: true });
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', publish);
      window.removeEventListener('resize', publish);
      root.removeProperty(TAB_BAR_HEIGHT_VAR);
    };
  }, [bar]);
}
