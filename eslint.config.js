import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Only repositories (and the db folder) touch Mongoose and the models. */
const dataLayer = {
  paths: [{ name: 'mongoose', message: 'Go through a repository (<feature>/<feature>.repo.ts).' }],
  patterns: [{ group: ['**/*.model.js', '**/*.model'], message: 'Models are private to their repository (<feature>.repo.ts).' }],
};

/** A relative import that leaves the folder for another feature's repository (subsonic/methods reaches its own store/). */
const otherFeaturesRepository = {
  regex: '^(\\.\\./)+(?!store/)[^/]+/([^/]+/)*[^/]+\\.repo(\\.js)?$',
  message: "Go through the owning feature's service (<feature>/<feature>.service.ts), not its repository.",
};

/** Seed modules (<feature>.seed.ts) fill and empty data for the seed and the benchmark only. */
const seedModules = {
  regex: '\\.seed(\\.js)?$',
  message: 'Seed modules are for cli/, tests and the benchmark: requests go through the repository.',
};

/** The lowest layer: db/ may import the settings' type and the logger, never a feature. */
const dbImportsNoFeature = {
  regex: '^\\.\\./(?!config/)[^/]+/',
  message: 'db/ imports no feature: a feature registers what it needs (see dataStartup.ts).',
};

/**
 * A feature's public use cases are its main service, `<feature>/<feature>.service.ts` (the users
 * feature's is `users/accounts.service.ts`); its other services are its own business.
 */
const otherFeaturesInnerService = {
  regex: '^(?:\\.\\./)+(?!\\.\\./)(?!users/accounts\\.service(?:\\.js)?$)(?!([^/]+)/\\1\\.service(?:\\.js)?$)(?:[^/]+/)+[^/]+\\.service(?:\\.js)?$',
  message: "Use the feature's public use cases (<feature>/<feature>.service.ts), not its inner services.",
};

/**
 * State of the running app lives in the context or the composition root, so two contexts (tests,
 * processes) never share it. Not state: a read-only table (typed ReadonlyMap/ReadonlySet, or
 * built from its entries), and a WeakMap keyed by the AppContext (a part made once per context).
 */
const moduleState = [
  {
    selector: ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration[kind="let"]',
    message: 'No module-level `let`: keep state in AppContext or the composition root (a pure memo may be allowed with an eslint-disable comment saying why).',
  },
  {
    selector:
      ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Map|Set)$/]) > NewExpression.init[arguments.length=0][callee.name=/^(Map|WeakMap|Set|WeakSet)$/]:not([typeArguments.params.0.typeName.name="AppContext"])',
    message: 'No module-level Map/Set filled at run time: keep state in AppContext or the composition root (a pure memo may be allowed with an eslint-disable comment saying why).',
  },
];

/** Route handlers are mounted, never patched in: assigning `x.handle` replaces the app's own. */
const handlePatch = {
  selector: 'AssignmentExpression > MemberExpression.left[property.name="handle"]:not([object.type="ThisExpression"])',
  message: "Do not assign `.handle`: mount a router or middleware in app.ts instead.",
};

/**
 * A model is declared (`defineModel`) and resolved on the app's data (`data.model()`), never bound
 * to a connection when its module is imported: two apps may use two databases.
 */
const boundModel = {
  selector: 'CallExpression[callee.property.name="model"]:matches([callee.object.name="mongoose"], [callee.object.property.name="connection"])',
  message: 'Declare the model with defineModel() and resolve it with data.model() (db/appData.ts): no model is bound to a connection at import.',
};

/** A service offers use cases; its repository's functions are not re-exported (types may be). */
const serviceReexportsRepository = [
  {
    selector: 'ExportNamedDeclaration[exportKind!="type"][source.value=/\\.repo(\\.js)?$/]',
    message: 'A service does not re-export its repository: write the use case the other feature needs.',
  },
  { selector: 'ExportAllDeclaration[source.value=/\\.repo(\\.js)?$/]', message: 'A service does not re-export its repository: write the use case the other feature needs.' },
];

/** The composition root: where the app's parts are made and wired, so module state may live there. */
const compositionRoot = ['apps/api/src/server.ts', 'apps/api/src/app.ts', 'apps/api/src/composition.ts'];

/** The db layer itself, test helpers and tests may reach any repository. */
const apiUnrestricted = ['apps/api/src/db/**', 'apps/api/src/test/**', '**/*.test.ts'];

/**
 * Files that may touch the models: repositories, the migration steps that reshape old data, the
 * seed's bulk fills, and the list of every model whose indexes are built when the database opens.
 */
const dataAccess = [
  'apps/api/src/appModels.ts',
  'apps/api/src/**/*.repo.ts',
  'apps/api/src/**/*.model.ts',
  'apps/api/src/**/*.migrations.ts',
  'apps/api/src/**/*.seed.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**', '.cache/**', 'data/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The data layer: only repositories (and the db folder) touch Mongoose and the models, so no
    // other file knows which engine runs. Tests may read stored documents to check what was
    // written; the benchmark's raw-driver reference cases measure the engine itself.
    files: ['bench/lib/setup.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', dataLayer] },
  },
  {
    // ...and a feature reaches another feature's data through that feature's service, never its
    // repositories: what a feature does with its data (and what goes when a user or a song goes,
    // see cascades.ts) is its own business.
    files: ['apps/api/src/**/*.ts'],
    ignores: [...dataAccess, ...apiUnrestricted],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...dataLayer, patterns: [...dataLayer.patterns, otherFeaturesRepository, otherFeaturesInnerService, seedModules] },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [...apiUnrestricted, ...compositionRoot],
    rules: { 'no-restricted-syntax': ['error', ...moduleState, handlePatch] },
  },
  {
    // The composition root may hold state; nothing patches handlers.
    files: compositionRoot,
    ignores: apiUnrestricted,
    rules: { 'no-restricted-syntax': ['error', handlePatch, ...serviceReexportsRepository] },
  },
  {
    // The data layer's files resolve their models on the app's data.
    files: dataAccess,
    ignores: apiUnrestricted,
    rules: { 'no-restricted-syntax': ['error', ...moduleState, handlePatch, boundModel] },
  },
  {
    files: ['apps/api/src/**/*.service.ts'],
    ignores: apiUnrestricted,
    rules: { 'no-restricted-syntax': ['error', ...moduleState, handlePatch, ...serviceReexportsRepository] },
  },
  {
    files: dataAccess,
    ignores: apiUnrestricted,
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeaturesRepository, seedModules] }] },
  },
  {
    files: ['apps/api/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbImportsNoFeature] }] },
  },
  {
    // The command-line data tools fill and empty every feature's data, as test helpers do (the
    // seed's bulk writes are no feature's business); the models stay private all the same.
    files: ['apps/api/src/cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', dataLayer] },
  },
  {
    // Features talk to each other through their index (features/<name>/index.ts), never through
    // each other's files; shared components and shells likewise. Tests may reach in.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any folder but the app's shared ones (components, api, session...) is a feature.
              regex: '^(\\.\\./)+(features/)?(?!(api|assets|components|features|session|shells|styles|test)/)[A-Za-z]+/.+',
              message: 'Import another feature through its index (e.g. ../likes), not its internal files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared components are domain-free: a feature hands them its parts through props and slots
    // (e.g. SongRow's `actions`), so they import no feature at all. (This block replaces the one
    // above for these files, so it repeats nothing: a component may not reach a feature's index either.)
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message: 'components/ is domain-free: take what a feature provides as props or slots, or move the component into its feature.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
