/**
 * A full garbage collection of this thread's heap, through the in-process inspector (no port is
 * opened): for after a table build, whose shared buffers (the tables of other kinds, the moments
 * a server reads on first use, the job's state lists) otherwise stayed resident for as long as we
 * watched: 60 s idle, and through the hint bench's runs. A first start that built the default
 * tables held 259 MB with its tables kept as built; with the moments left for first use and this
 * collection after each build, 160 MB (a restart: 140–157 MB). The inspector loads with the first
 * collection: a server whose tables are built already never needs it.
 */
export async function collectGarbage(): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}
