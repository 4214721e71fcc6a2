/**
 * One load per key for the life of a thread (a model, a table: read once, not once per task).
 * A load that fails is forgotten, so a later task asks again: the missing table may have been
 * built since.
 */
export function threadMemo<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const kept = new Map<K, Promise<V>>();
  return (key) => {
    let p = kept.get(key);
    if (!p) {
      p = load(key);
      p.catch(() => kept.delete(key));
      kept.set(key, p);
    }
    return p;
  };
}
