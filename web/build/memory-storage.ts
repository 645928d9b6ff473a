/**
 * The prerender runs the app in Node, which has no localStorage: the app's store and tokens read
 * this one, installed before the app's modules load, so the store hydrates from it at once (as a
 * page's store does from localStorage) instead of waiting to be restored. Empty, it is a
 * newcomer's origin; a page's render may put something in it.
 */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}
