/** A tiny listener set, so both transports announce "session ended" the same way. */
export function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(): void {
      for (const listener of [...listeners]) listener();
    },
  };
}
