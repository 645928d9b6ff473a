/**
 * What a visitor typed into a prerendered page before the app took it over. Hydrating a
 * controlled field sets it to the component's first state, which would wipe the number a
 * visitor on a slow phone typed while the scripts loaded: main.tsx notes the named fields'
 * values just before hydrating, and a screen takes its field's value back once it runs.
 */
const typed = new Map<string, string>();

/** Notes every named field under `root` whose value differs from the one it was served with. */
export function noteTypedFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (field.value !== field.defaultValue) typed.set(field.name, field.value);
  }
}

/** The value typed into the field named `name` before hydration, once; undefined if none. */
export function takeTypedField(name: string): string | undefined {
  const value = typed.get(name);
  typed.delete(name);
  return value;
}
