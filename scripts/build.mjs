// Builds the client (Vite, into dist/client), the server renderer of the public pages (Vite's SSR
// build of client/entry-server.tsx, into dist/client-ssr, which the server loads), and the server (esbuild bundle of server/index.ts into
// dist/server/index.js, node_modules packages left external), and records each build's inputs with
// their SHA-256 in dist/client-inputs.json and dist/server-inputs.json. The inputs are what the
// build itself read (Vite's module graph, esbuild's metafile) plus the config files, so a change to
// any file the client or server imports (shared schemas, time helpers, db/schema.ts...) triggers a
// rebuild, and nothing else does. Plain JavaScript, so `npm start` runs with node alone.
//   node scripts/build.mjs             build both
//   node scripts/build.mjs --if-stale  build only what is missing or out of date
//   import { ensureBuilt } from ...    the same, run in a child process (npm start, tests, bench)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(projectRoot, 'dist');
export const serverEntry = path.join(dist, 'server', 'index.js');
const clientIndex = path.join(dist, 'client', 'index.html');
const clientStamp = path.join(dist, 'client-inputs.json');
/** Beside the client folder, as server/pages/ssr.ts looks for it. */
const ssrEntry = path.join(dist, 'client-ssr', 'entry-server.js');
const ssrStamp = path.join(dist, 'ssr-inputs.json');
const serverStamp = path.join(dist, 'server-inputs.json');

const CLIENT_CONFIG_FILES = ['vite.config.ts', 'scripts/vite/theme-variables.ts', 'tsconfig.json', 'package-lock.json'];
const SERVER_CONFIG_FILES = ['tsconfig.json', 'package-lock.json', 'scripts/build.mjs'];

function sha256(file) {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** Project files (relative paths) among the given absolute or root-relative module ids. */
function projectFiles(ids, root = projectRoot) {
  const files = new Set();
  for (const id of ids) {
    if (id.startsWith('\0')) continue; // virtual modules
    const file = path.resolve(root, id.split('?')[0]);
    const relative = path.relative(root, file);
    if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) continue;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) files.add(relative.split(path.sep).join('/'));
  }
  return [...files].sort();
}

/** Records each input (a path relative to `root`) with the SHA-256 of its content. */
export function writeStamp(stampFile, files, root = projectRoot) {
  const hashes = Object.fromEntries(files.map((file) => [file, sha256(path.join(root, file))]));
  fs.writeFileSync(stampFile, `${JSON.stringify({ files: hashes }, null, 2)}\n`);
}

/** True when the output or its record is missing, or any recorded input changed or disappeared. */
export function isStale(output, stampFile, root = projectRoot) {
  if (!fs.existsSync(output) || !fs.existsSync(stampFile)) return true;
  let files;
  try {
    files = JSON.parse(fs.readFileSync(stampFile, 'utf8')).files;
  } catch {
    return true;
  }
  if (files === null || typeof files !== 'object' || Object.keys(files).length === 0) return true;
  return Object.entries(files).some(([file, hash]) => {
    const full = path.join(root, file);
    return !fs.existsSync(full) || sha256(full) !== hash;
  });
}

export const clientIsStale = () => isStale(clientIndex, clientStamp);
export const serverIsStale = () => isStale(serverEntry, serverStamp);
export const ssrIsStale = () => isStale(ssrEntry, ssrStamp);

/**
 * The client's inputs: every project file among the bundle's module ids (so whatever the client
 * imports from server/, db/ or elsewhere counts, and a file nothing imports does not), the public
 * folder, index.html and the config files. node_modules is covered by package-lock.json. A file
 * imported for its types only is erased before bundling, so it is not an input: it cannot change
 * the bundle.
 */
export function clientInputs(moduleIds, root = projectRoot) {
  return projectFiles(
    [
      ...moduleIds,
      ...listFiles(path.join(root, 'client', 'public')),
      path.join(root, 'client', 'index.html'),
      ...CLIENT_CONFIG_FILES,
    ],
    root,
  );
}

/**
 * Runs a Vite build as production whatever NODE_ENV the caller has (tests run `npm start` with
 * NODE_ENV=test): React's JSX transform follows NODE_ENV, and a development transform against the
 * production React bundled into the server renderer fails at load ("jsxDEV is not a function").
 */
async function viteBuild(options) {
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await build(options);
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

export async function buildClient() {
  const result = await viteBuild({ configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const moduleIds = outputs.flatMap((item) => (item.type === 'chunk' ? [item.facadeModuleId ?? '', ...item.moduleIds] : []));
  fs.mkdirSync(dist, { recursive: true });
  writeStamp(clientStamp, clientInputs(moduleIds));
}

/** Vite's SSR build of client/entry-server.tsx: the same modules and CSS-module class names as the client. */
export async function buildSsr(outDir = path.dirname(ssrEntry)) {
  const result = await viteBuild({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: path.join(projectRoot, 'client', 'entry-server.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const moduleIds = outputs.flatMap((item) => (item.type === 'chunk' ? [item.facadeModuleId ?? '', ...item.moduleIds] : []));
  fs.mkdirSync(dist, { recursive: true });
  writeStamp(ssrStamp, projectFiles([...moduleIds, ...CLIENT_CONFIG_FILES]));
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: ['server/index.ts'],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  writeStamp(serverStamp, projectFiles([...Object.keys(result.metafile.inputs), ...SERVER_CONFIG_FILES]));
  // What the bundle imports at run time: the release keeps exactly those packages (scripts/release.mjs).
  fs.writeFileSync(path.join(dist, 'server-meta.json'), JSON.stringify(result.metafile));
}

/** Builds what is missing or out of date in this process; returns what was built. */
async function buildStale(log) {
  const built = [];
  const hasClientSources = fs.existsSync(path.join(projectRoot, 'client', 'index.html'));
  if (hasClientSources && clientIsStale()) {
    log('Building the client...');
    await buildClient();
    built.push('client');
  }
  if (hasClientSources && ssrIsStale()) {
    log('Building the server renderer of the public pages...');
    await buildSsr();
    built.push('ssr');
  }
  if (serverIsStale()) {
    log('Building the server...');
    await buildServer();
    built.push('server');
  }
  return built;
}

/**
 * Builds what is missing or out of date, in a node process of its own, and returns what it built.
 * Its own process because the client build renders Mantine's provider with the production React
 * (scripts/vite/theme-variables.ts): a caller that already loaded React in development mode (a test
 * worker, the bench's in-process server) would mix the two and fail ("dispatcher.getOwner is not a
 * function").
 */
export async function ensureBuilt({ log = console.log } = {}) {
  const hasClientSources = fs.existsSync(path.join(projectRoot, 'client', 'index.html'));
  const stale = [
    ...(hasClientSources && clientIsStale() ? ['client'] : []),
    ...(hasClientSources && ssrIsStale() ? ['ssr'] : []),
    ...(serverIsStale() ? ['server'] : []),
  ];
  if (stale.length === 0) return [];
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--if-stale'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  let pending = '';
  child.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) log(line);
  });
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (pending !== '') log(pending);
  if (code !== 0) throw new Error(`The build failed (exit code ${code}); its errors are above.`);
  return stale;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.env.NODE_ENV ??= 'production';
  if (process.argv.includes('--if-stale')) {
    await buildStale(console.log);
  } else {
    await buildClient();
    await buildSsr();
    await buildServer();
  }
}
