/**
 * The version of the solver's numbers, written into every table: a table built by another is
 * stale (table-file.ts). Bump when a change to the solver changes the values it writes or their
 * layout. Its own module so that solver threads, which never read or write a
 * file, do not load the file format and its MessagePack codec for it.
 */
export const SOLVER_VERSION = 1;
