/**
 * Structured logs: one JSON object per line. The app and the model registry log through an
 * injected Logger so tests stay quiet and a deployment can route lines anywhere.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/**
 * Collects lines and writes them together once per event-loop turn: under load one write(2)
 * serves many requests (a write per request line was about 5% of a hint's CPU time). Whatever
 * is pending is written when the process exits.
 */
export function batchedWriter(write: (chunk: string) => void): (line: string) => void {
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const chunk = pending;
    pending = '';
    write(chunk);
  };
  process.on('exit', flush);
  return (line) => {
    if (!pending) setImmediate(flush);
    pending += line;
    if (pending.length >= 64 * 1024) flush();
  };
}

/** A logger writing `{"time","level","msg",...fields}` lines; to stdout, batched, by default. */
export function jsonLogger(write: (line: string) => void = batchedWriter((chunk) => process.stdout.write(chunk))): Logger {
  const emit = (level: string, msg: string, fields?: LogFields) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  };
  return {
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

/** A logger that keeps its records, for tests that assert on logging. */
export function memoryLogger(): Logger & { records: ({ level: string; msg: string } & LogFields)[] } {
  const records: ({ level: string; msg: string } & LogFields)[] = [];
  return {
    records,
    info: (msg, fields) => records.push({ level: 'info', msg, ...fields }),
    warn: (msg, fields) => records.push({ level: 'warn', msg, ...fields }),
    error: (msg, fields) => records.push({ level: 'error', msg, ...fields }),
  };
}
