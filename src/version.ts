/** The one version string (package.json holds the same; a test keeps them equal). */
export const VERSION = '0.1.0';
