// Every domain error says its message by catalog key, never by an English sentence: the typecheck
// enforces it (server/core/errors.ts takes a key, or message(key, values), where the values are
// checked against the placeholders of the English catalog's text). Proved on probe services compiled
// with the project's compiler options: each way of throwing without a key, with a key the catalog
// lacks or with the wrong values fails to compile, and the same errors written with keys compile.
// The probes are compiled in memory under a path inside the project; nothing is written.
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

const IMPORTS = [
  "import { ConflictError, invalidField, NotFoundError, TooManyRequestsError } from '@server/core/errors';",
  "import { message } from '@server/shared/i18n/message';",
  '',
].join('\n');

/** What a service might write, and the compiler's complaint (not assignable, missing argument, unknown property). */
const REFUSED: [string, string, string][] = [
  ['an English sentence', "export const probe = new ConflictError('This time slot is full.');", 'TS2345'],
  ['a sentence built from values', "const max = 3;\nexport const probe = new ConflictError(`At most ${max} bookings`);", 'TS2345'],
  ['a field message in English', "export const probe = invalidField('participantEmail', 'Please enter a valid email address');", 'TS2345'],
  ['a key the catalog lacks', "export const probe = new NotFoundError('message.noSuchKey');", 'TS2345'],
  ['a key whose placeholders are not given', "export const probe = new TooManyRequestsError('error.tooManyRequests', 60);", 'TS2345'],
  ['a missing value', "export const probe = new ConflictError(message('validation.tooLong'));", 'TS2554'],
  ['a misnamed value', "export const probe = new ConflictError(message('validation.tooLong', { maximum: 3 }));", 'TS2353'],
  ['any string', 'export const probe = (text: string) => new ConflictError(text);', 'TS2345'],
];

const ALLOWED = [
  "export const full = new ConflictError('message.slotFull');",
  "export const field = invalidField('participantEmail', 'validation.emailInvalid');",
  "export const limit = new TooManyRequestsError(message('error.tooManyRequests', { unit: 'minutes', count: 10 }), 600);",
  "export const long = new ConflictError(message('validation.tooLong', { max: 3 }));",
].join('\n');

/** Each probe as a service file of its own, by its path inside the project. */
const probes = new Map<string, string>([
  ...REFUSED.map(([, code], index): [string, string] => [path.join(root, 'server', 'bookings', `probe-${index}.service.ts`), IMPORTS + code]),
  [path.join(root, 'server', 'bookings', 'probe-allowed.service.ts'), IMPORTS + ALLOWED],
]);

let complaints: Map<string, string[]>;

beforeAll(() => {
  // One program for every probe, with the project's compiler options (aliases, strictness).
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const options = { ...ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const probeOf = (file: string) => probes.get(path.resolve(file));
  host.fileExists = (file) => probeOf(file) !== undefined || ts.sys.fileExists(file);
  host.readFile = (file) => probeOf(file) ?? ts.sys.readFile(file);
  host.getSourceFile = (file, language, onError, shouldCreate) => {
    const code = probeOf(file);
    return code === undefined ? getSourceFile(file, language, onError, shouldCreate) : ts.createSourceFile(file, code, language, true);
  };
  const program = ts.createProgram([...probes.keys()], options, host);
  complaints = new Map(
    [...probes.keys()].map((file) => [
      file,
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`),
    ]),
  );
}, 120_000);

function complaintsOf(index: number | 'allowed'): string[] {
  return complaints.get(path.join(root, 'server', 'bookings', `probe-${index}.service.ts`)) ?? ['not compiled'];
}

describe('domain errors say their messages by key', () => {
  it.each(REFUSED.map(([what, , expected], index) => [what, index, expected] as const))('refuses %s', (_what, index, expected) => {
    const found = complaintsOf(index);
    expect(found.length, found.join('\n')).toBe(1);
    expect(found[0]).toMatch(new RegExp(`^${expected}: `));
  });

  it('compiles the same errors said by key', () => {
    expect(complaintsOf('allowed')).toEqual([]);
  });
});
