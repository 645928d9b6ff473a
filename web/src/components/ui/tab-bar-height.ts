import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable holding the bottom tab bar's height while a screen shows it. */
export const TAB_BAR_HEIGHT_VAR = '--tab-bar-height';

/**
 * Publishes the height of `bar` (the bottom tab bar) on the document as TAB_BAR_HEIGHT_VAR, kept
 * current as it resizes, so the toasts sit above it; removed when it unmounts.
 */
export function usePublishedTabBarHeight(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () =>
      root.setProperty(TAB_BAR_HEIGHT_VAR, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(TAB_BAR_HEIGHT_VAR);
    };
  }, [bar]);
}
