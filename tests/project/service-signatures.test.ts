// The one signature style of the services a router calls (server/core/service-context.ts): every call
// a router (server/<domain>/*.router.ts) makes to a function it imports from a *.service module passes the procedure's context and,
// when there is one, its parsed input, as they are: `service(ctx)` or `service(ctx, input)`. Read
// from the routers' syntax trees, so a call written any other way (`service(ctx.db, input.id)`,
// `service(ctx, input, actorOf(ctx))`, `service(ctx, { ...input, x })`) fails here by name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../../server');

/** The names a router imports from the services: functions, and namespaces (`* as contacts`). */
function serviceImports(file: ts.SourceFile): { functions: Set<string>; namespaces: Set<string> } {
  const functions = new Set<string>();
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause === undefined) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!/\.service$/.test(from) || statement.importClause.isTypeOnly) continue;
    const bindings = statement.importClause.namedBindings;
    if (bindings === undefined) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else for (const element of bindings.elements) if (!element.isTypeOnly) functions.add(element.name.text);
  }
  return { functions, namespaces };
}

/** Every call to an imported service in the file, with how it is written and whether that is the style. */
function serviceCalls(fileName: string): { call: string; ok: boolean }[] {
  const source = fs.readFileSync(fileName, 'utf8');
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const { functions, namespaces } = serviceImports(file);
  const calls: { call: string; ok: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isService =
        (ts.isIdentifier(callee) && functions.has(callee.text)) ||
        (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && namespaces.has(callee.expression.text));
      if (isService) {
        const args = node.arguments.map((arg) => arg.getText(file));
        const ok = (args.length === 1 && args[0] === 'ctx') || (args.length === 2 && args[0] === 'ctx' && args[1] === 'input');
        calls.push({ call: node.getText(file).replace(/\s+/g, ' '), ok });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

const routerFiles = fs
  .readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.router.ts'))
  .map((name) => path.join(SERVER, name));

describe('services a router calls take (ctx) or (ctx, input)', () => {
  it('finds the routers and their service calls', () => {
    expect(routerFiles.length).toBeGreaterThan(10);
    expect(routerFiles.flatMap(serviceCalls).length).toBeGreaterThan(80);
  });

  it.each(routerFiles.map((file) => [path.relative(SERVER, file)]))('%s passes ctx and input as they are', (name) => {
    const wrong = serviceCalls(path.join(SERVER, name))
      .filter((call) => !call.ok)
      .map((call) => call.call);
    expect(wrong).toEqual([]);
  });

  it('flags a call written another way', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-signatures-'));
    try {
      const probe = path.join(dir, 'probe.ts');
      fs.writeFileSync(
        probe,
        [
          "import * as contacts from './contacts.service';",
          "import { getEvent } from '@server/events/events.service';",
          'export const a = ({ ctx, input }) => getEvent(ctx.db, input.id);',
          'export const b = ({ ctx, input }) => contacts.update(ctx, input, actorOf(ctx));',
          'export const c = ({ ctx, input }) => getEvent(ctx, input);',
        ].join('\n'),
      );
      expect(serviceCalls(probe)).toEqual([
        { call: 'getEvent(ctx.db, input.id)', ok: false },
        { call: 'contacts.update(ctx, input, actorOf(ctx))', ok: false },
        { call: 'getEvent(ctx, input)', ok: true },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
