/**
 * What a visitor typed into a prerendered page before the app took it over. Hydrating (or
 * rendering over) a controlled field sets it to the component's first state, which would wipe
 * the number a visitor on a slow phone typed while the scripts loaded or while React hydrated
 * the page in slices. main.tsx starts watching the page's named fields as soon as its script
 * runs: their values then, and every input after. The screen that owns the fields takes the
 * values once it runs; the watching stops there.
 */
const typed = new Map<string, string>();
let stopWatching: (() => void) | null = null;

/** Notes the named fields under `root` the visitor changed, now and from now on. */
export function watchTypedFields(root: HTMLElement): void {
  stopWatching?.();
  for (const field of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (field.value !== field.defaultValue) typed.set(field.name, field.value);
  }
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.name) typed.set(field.name, field.value);
  };
  root.addEventListener('input', onInput, true);
  stopWatching = () => root.removeEventListener('input', onInput, true);
}

/**
 * The values typed before the app took the page over, by field name, once: the watching stops,
 * and a later call gets none.
 */
export function takeTypedFields(): ReadonlyMap<string, string> {
  stopWatching?.();
  stopWatching = null;
  const values = new Map(typed);
  typed.clear();
  return values;
}
