// npm run release: the archive a firm installs. It holds the built client and its page renderer,
// the compiled server, the operator's commands compiled (backup, restore, create a user, copy to
// PostgreSQL), the production packages the server loads (and nothing the build alone needs: no
// Vite, esbuild, tsx or the client's packages, which are inside the built client) and the docs an
// operator reads. It starts with `node start.mjs` alone.
//   node scripts/release.mjs [--out DIR]   writes DIR/<name>-<version>-<platform>-<arch>-node<major>.tar.gz
//                                          (DIR defaults to release/) and leaves the unpacked folder beside it
// Native packages (better-sqlite3, sharp, argon2) are those of the machine that made it: the archive
// names its platform and Node major; elsewhere, run `npm ci --omit=dev` in the unpacked folder.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './build.mjs';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = path.resolve(outIndex === -1 ? path.join(projectRoot, 'release') : args[outIndex + 1] ?? 'release');
const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
const nodeMajor = process.versions.node.split('.')[0];
const name = `${pkg.name}-${pkg.version}-${process.platform}-${process.arch}-node${nodeMajor}`;
const stage = path.join(outDir, name);

/** The commands an operator runs on a release (their source is in scripts/). */
const COMMANDS = {
  'db:backup': 'backup',
  'db:restore': 'restore',
  'user:create': 'create-user',
  'db:copy-to-postgres': 'copy-to-postgres',
};
const DOCS = ['README.md', 'CHANGELOG.md', '.env.example', 'docs/operations.md', 'docs/upgrading.md', 'docs/monitoring.md'];

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: projectRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (exit code ${result.status})`);
}

console.log(`Building ${pkg.name} ${pkg.version}...`);
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
// The build, in its own process (scripts/build.mjs explains why): only what is out of date, which
// its records of every input decide; a server built before those records listed its imports is rebuilt.
if (!fs.existsSync(path.join(projectRoot, 'dist', 'server-meta.json'))) fs.rmSync(path.join(projectRoot, 'dist', 'server-inputs.json'), { force: true });
run(process.execPath, [path.join(projectRoot, 'scripts', 'build.mjs'), '--if-stale'], { env: { ...process.env, NODE_ENV: 'production' } });

const esbuild = await import('esbuild');
const commands = await esbuild.build({
  absWorkingDir: projectRoot,
  entryPoints: Object.values(COMMANDS).map((file) => `scripts/${file}.ts`),
  outdir: path.join(stage, 'dist', 'scripts'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  metafile: true,
  logLevel: 'warning',
});

for (const folder of ['client', 'client-ssr', 'server']) {
  fs.cpSync(path.join(projectRoot, 'dist', folder), path.join(stage, 'dist', folder), { recursive: true });
}
for (const doc of DOCS) {
  const from = path.join(projectRoot, doc);
  if (!fs.existsSync(from)) continue;
  fs.mkdirSync(path.dirname(path.join(stage, doc)), { recursive: true });
  fs.copyFileSync(from, path.join(stage, doc));
}

/** The packages the compiled server and commands import at run time, by package name. */
function runtimePackages() {
  const serverMeta = JSON.parse(fs.readFileSync(path.join(projectRoot, 'dist', 'server-meta.json'), 'utf8'));
  const names = new Set();
  for (const meta of [serverMeta, commands.metafile]) {
    for (const output of Object.values(meta.outputs)) {
      for (const imported of output.imports) {
        if (!imported.external || imported.path.startsWith('node:')) continue;
        const parts = imported.path.split('/');
        names.add(imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
      }
    }
  }
  return [...names].sort();
}

const dependencies = {};
for (const dependency of runtimePackages()) {
  const version = pkg.dependencies[dependency];
  if (version === undefined) throw new Error(`The server imports ${dependency}, which is not a dependency in package.json.`);
  dependencies[dependency] = version;
}
const releasePackage = {
  name: pkg.name,
  version: pkg.version,
  private: true,
  description: pkg.description,
  type: 'module',
  engines: pkg.engines,
  scripts: {
    start: 'node start.mjs',
    ...Object.fromEntries(Object.entries(COMMANDS).map(([script, file]) => [script, `node dist/scripts/${file}.js`])),
  },
  dependencies,
  overrides: pkg.overrides,
};
fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(releasePackage, null, 2)}\n`);
fs.copyFileSync(path.join(projectRoot, 'package-lock.json'), path.join(stage, 'package-lock.json'));
fs.writeFileSync(
  path.join(stage, 'start.mjs'),
  [
    '// Starts the site: the compiled server, in production mode unless NODE_ENV says otherwise.',
    "process.env.NODE_ENV ??= 'production';",
    "await import('./dist/server/index.js');",
    '',
  ].join('\n'),
);

// The production packages: this checkout's node_modules, pruned to what the release package needs
// (no download: the same versions, already installed and built for this machine).
console.log('Copying the production packages...');
// Tools' caches are left behind, not copied then removed: Vitest and Vite write into them while
// they run, and CI makes the release while the test suite may still be running beside it (a file
// that vanished between listing and copying failed the copy).
const CACHE_FOLDERS = new Set(['.cache', '.vite', '.vite-temp']);
const sourceModules = path.join(projectRoot, 'node_modules');
fs.cpSync(sourceModules, path.join(stage, 'node_modules'), {
  recursive: true,
  verbatimSymlinks: true,
  filter: (source) => !CACHE_FOLDERS.has(path.relative(sourceModules, source)),
});
run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: stage });
// npm prune leaves the emptied scope folders (@mantine/, @playwright/...) behind.
for (const entry of fs.readdirSync(path.join(stage, 'node_modules'))) {
  const folder = path.join(stage, 'node_modules', entry);
  if (entry.startsWith('@') && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
}

const archive = path.join(outDir, `${name}.tar.gz`);
execFileSync('tar', ['-czf', archive, '-C', outDir, name]);
const megabytes = (fs.statSync(archive).size / 1_000_000).toFixed(1);
console.log(`Release written: ${path.relative(process.cwd(), archive)} (${megabytes} MB)`);
console.log(`Unpack it, then: cd ${name} && node start.mjs   (docs/upgrading.md says how to upgrade a running site)`);
