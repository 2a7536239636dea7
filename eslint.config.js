import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Files that test a layer may reach past it (to arrange and inspect stored state).
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const NO_PARENT_IMPORTS = {
  group: ['../*', '../**'],
  message: 'Name a module outside this folder by its alias (@server/..., @client/..., @db/..., @tests/..., @scripts/...).',
};
const NO_CLIENT_SOURCE = { group: ['@client/**'], allowTypeImports: true, message: 'The server uses the built client, never its source.' };
const SHARED_ONLY = {
  regex: '^(@server/(?!shared/)(?!.*\\.schemas$)|@db/(?!schema$)|@client/|node:|kysely$|pg$|better-sqlite3$)',
  allowTypeImports: true,
  message: 'Shared code (server/shared/, *.schemas.ts) runs in the browser too: it imports only shared code and pure libraries.',
};

const QUERIES_IN_REPOSITORIES = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
  message: 'Queries are built in a repository (server/<domain>/*.repository.ts): move this one there.',
};
const KEYED_SCHEMA_MESSAGE = "Say a schema's message with keyed(key, english) (server/shared/i18n/schema-messages.ts) so pages can translate it.";

/** One block of the import rule: these files obey these patterns (and no earlier block's). */
function restrictImports(files, ignores, patterns) {
  return { files, ignores, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/', 'release/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layers. The server is one folder per domain (server/<domain>/); a file says its layer in its
  // name: *.router.ts (tRPC, thin), *.route.ts (a Fastify route), *.service.ts (rules and
  // transactions), *.repository.ts (Kysely, the only place a query is built), *.schemas.ts (zod).
  // docs/architecture.md explains each rule. The import rules are one ESLint rule whose options a
  // later block replaces for its files, so each block below lists every pattern its files obey.
  // (scripts/vite/ is loaded by Vite's config loader, which knows no aliases: it climbs.)
  restrictImports(['server/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'db/**/*.ts', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'], ['scripts/vite/**'], [NO_PARENT_IMPORTS]),
  restrictImports(['server/**/*.ts', 'db/**/*.ts'], TESTS, [NO_CLIENT_SOURCE, NO_PARENT_IMPORTS]),
  // Routers hand (ctx, input) to a service; so do HTTP routes and page handlers.
  restrictImports(
    ['server/**/*.router.ts', 'server/**/*.route.ts', 'server/http/**/*.ts', 'server/pages/**/*.ts', 'server/trpc/**/*.ts', 'server/app.ts'],
    TESTS,
    [
      {
        group: ['**/*.repository', '@db/database', '@db/text-search', 'kysely'],
        allowTypeImports: true,
        message: 'Routers, routes and pages call services; a read with no rule of its own is re-exported by its service.',
      },
      NO_CLIENT_SOURCE,
      NO_PARENT_IMPORTS,
    ],
  ),
  // A repository answers rows; it knows nothing of the services that call it, not even a type.
  restrictImports(['server/**/*.repository.ts'], TESTS, [
    {
      group: ['**/*.service', '**/*.router', '**/*.route', '@server/http/**', '@server/trpc/**', '@server/pages/**'],
      message: 'A repository imports no service, router or route: move the shared type beside the schema or the repository.',
    },
    NO_CLIENT_SOURCE,
    NO_PARENT_IMPORTS,
  ]),
  // Shared code runs in the browser and on the server: server/shared/, every *.schemas.ts and the
  // table types with their status lists (db/schema.ts).
  restrictImports(['server/shared/**/*.ts', 'db/schema.ts'], TESTS, [SHARED_ONLY, NO_PARENT_IMPORTS]),
  restrictImports(['server/**/*.schemas.ts'], ['server/shared/**', ...TESTS], [
    SHARED_ONLY,
    { regex: '^\\./(?!.*\\.schemas$)', allowTypeImports: true, message: 'A schema file imports other schemas and server/shared/ only.' },
    NO_PARENT_IMPORTS,
  ]),
  // The browser bundle (and the pages' renderer, built from client/) runs only shared server code;
  // the tRPC router's type crosses as a type.
  restrictImports(['client/**/*.{ts,tsx}'], [], [
    {
      regex: '^(@server/(?!shared/)(?!.*\\.schemas$)|@db/(?!schema$))',
      allowTypeImports: true,
      message: 'The client imports only shared server code (server/shared/, *.schemas.ts); anything else by `import type`.',
    },
    NO_PARENT_IMPORTS,
  ]),
  {
    // Queries are built in repositories only (and in db/, the database's own plumbing).
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/**/*.repository.ts', ...TESTS],
    rules: {
      'no-restricted-syntax': [
        'error',
        QUERIES_IN_REPOSITORIES,
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'Raw SQL belongs in a repository (server/<domain>/*.repository.ts).' }] },
      ],
    },
  },
  {
    // A schema says each message with keyed(key, english) (server/shared/i18n/schema-messages.ts), so
    // a page can say it in its language: a sentence written in its place is refused here, and
    // server/shared/i18n/schema-messages.test.ts finds any that reaches a procedure another way.
    // (The rule's options replace the block above's for these files, so they repeat its selector.)
    files: ['server/**/*.schemas.ts', 'server/shared/**/*.ts'],
    ignores: ['server/shared/i18n/catalogs/**', ...TESTS],
    rules: {
      'no-restricted-syntax': [
        'error',
        QUERIES_IN_REPOSITORIES,
        {
          selector:
            "CallExpression[callee.property.name=/^(min|max|length|int|regex|refine|gt|gte|lt|lte|positive|nonnegative|multipleOf|nonempty|email|url|string|number|boolean)$/] > :matches(Literal[raw=/^['\"]/], TemplateLiteral).arguments",
          message: KEYED_SCHEMA_MESSAGE,
        },
        {
          selector: "Property[key.name=/^(message|error)$/] > :matches(Literal[raw=/^['\"]/], TemplateLiteral).value",
          message: KEYED_SCHEMA_MESSAGE,
        },
      ],
    },
  },
  {
    // A public page says the API's refusals in its own language: it hands its translator
    // (useTranslator()) to messageOf and fieldErrorsOf, which otherwise keep the server's English.
    files: ['client/features/{booking,consultation,contact,event,home,layout,privacy}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='messageOf'][arguments.length!=3], CallExpression[callee.name='fieldErrorsOf'][arguments.length!=2]",
          message: "A public page passes its translator (useTranslator()) to messageOf and fieldErrorsOf, so the API's messages are said in the page's language.",
        },
      ],
    },
  },
  {
    // Migrations are frozen against Kysely<any> by design (Kysely docs, "migrations").
    files: ['db/migrations/**/*.ts', 'db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
