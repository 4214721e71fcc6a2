// Imported first by each worker thread started from the TypeScript sources (worker-url.ts), and
// in plain JavaScript: nothing in the thread can load TypeScript before it has run. On Node 20
// tsx's `--import tsx` registers its ESM hooks on the main thread only, expecting threads to
// share them, which they do not (Node 20.20).
import { register } from 'tsx/esm/api';

register();
