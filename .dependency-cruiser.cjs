/*
 * Import rules (`npm run lint`). dependency-cruiser reads TypeScript with swc (TypeScript 7 has no
 * compiler API for it to load). Tests may reach into a module (they exercise its parts); product
 * code may not.
 */
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const TEST = '(\\.test\\.ts$|^apps/server/test/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere: a cycle makes the order modules load in matter.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-public-entry',
      severity: 'error',
      comment:
        "A module is used from outside only through its public entry, modules/<m>/index.ts (db/schema.ts also reads each module's tables.ts).",
      from: { path: `${MODULES}([^/]+)/`, pathNot: TEST },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'outside-through-public-entry',
      severity: 'error',
      comment: 'The composition, http/, the CLI and the rest of src use a module through its index.ts.',
      from: { path: SERVER, pathNot: [MODULES, `${SERVER}db/schema\\.ts$`, TEST] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'schema-reads-tables',
      severity: 'error',
      comment: "db/schema.ts gathers the modules' table types, and nothing else of them.",
      from: { path: `${SERVER}db/schema\\.ts$` },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/tables\\.ts$` },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment:
        'Routes parse, call a service and map the result: they never reach a repository or the database.',
      from: { path: `${MODULES}[^/]+/[^/]*routes\\.ts$` },
      to: { path: [`${MODULES}[^/]+/[^/]*repo\\.ts$`, `${SERVER}db/`, '^node_modules/kysely/'] },
    },
    {
      name: 'repos-below-services',
      severity: 'error',
      comment: 'A repository holds SQL; it never calls a service or a route.',
      from: { path: `${MODULES}[^/]+/[^/]*repo\\.ts$` },
      to: { path: `${MODULES}[^/]+/[^/]*(service|routes)\\.ts$` },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'A service never imports a route.',
      from: { path: `${MODULES}[^/]+/[^/]*service\\.ts$` },
      to: { path: `${MODULES}[^/]+/[^/]*routes\\.ts$` },
    },
    {
      name: 'modules-not-the-app',
      severity: 'error',
      comment: 'Modules never import the app assembly or the composition (they are given what they need).',
      from: { path: MODULES },
      to: { path: [`${SERVER}http/app\\.ts$`, `${SERVER}compose\\.ts$`, `${SERVER}server\\.ts$`] },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'A web feature never imports another feature (shared parts go to components/ or lib/).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'components/ and lib/ never import a feature or the app shell.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'The shared contract imports neither the server nor the web app.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tsbuild)/' },
    parser: 'swc',
    // The web app's `@/` comes from its paths.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
