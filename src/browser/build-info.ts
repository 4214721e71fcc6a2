/**
 * What the bundler (scripts/build-web-engine.mjs) writes into the engine's bundle: the neural
 * weights files it wrote beside it, each named by its content's SHA-256. The compiled modules
 * run outside the bundle (Node's tests) see none.
 */
export interface WebBuildInfo {
  /** the neural correction of each multi-column rule set that has one: its file beside the bundle */
  neural: Readonly<Record<string, { file: string; sha256: string; bytes: number }>>;
}

declare const __DICEWISE_WEB_BUILD__: WebBuildInfo | undefined;

export const WEB_BUILD: WebBuildInfo = typeof __DICEWISE_WEB_BUILD__ === 'undefined' ? { neural: {} } : __DICEWISE_WEB_BUILD__;
