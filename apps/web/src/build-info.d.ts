/** The year `npm run build` ran (vite.config.ts `define`): what the pre-rendered pages say. */
declare const __OMNIA_BUILD_YEAR__: number;
