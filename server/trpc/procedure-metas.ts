// Each procedure's meta (its description, scope and REST path), read from tRPC's flat record of the
// router's procedures: tRPC types that record without our meta type, so the one cast lives here.
import type { ProcedureMeta } from './init';

export function procedureMetas(router: unknown): [name: string, meta: ProcedureMeta | undefined][] {
  const record = (router as { _def: { procedures: Record<string, { _def: { meta?: ProcedureMeta } }> } })._def.procedures;
  return Object.entries(record).map(([name, procedure]) => [name, procedure._def.meta]);
}
