/**
 * GraphiQL keeps its tabs, headers, history and theme in a Storage (localStorage by default).
 * The playground gives it this map instead: headers may carry a token or an API key, which must
 * not outlive the page, and the query text is kept on the server per project.
 */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return items.size;
    },
  };
}
