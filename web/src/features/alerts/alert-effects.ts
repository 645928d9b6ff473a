/** The device side of an alert that is not sound or vibration: the hidden tab's title. */

let baseTitle: string | null = null;

/** While the tab is hidden, the title tells what happened; it comes back when the tab does. */
export function showInTitle(title: string): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  if (baseTitle === null) {
    baseTitle = document.title;
    const restore = () => {
      if (document.hidden || baseTitle === null) return;
      document.title = baseTitle;
      baseTitle = null;
      document.removeEventListener('visibilitychange', restore);
    };
    document.addEventListener('visibilitychange', restore);
  }
  document.title = title;
}
