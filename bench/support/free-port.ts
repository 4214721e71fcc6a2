import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on now, for a server the bench starts as its own process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
