// Types for scripts/build.mjs (plain JavaScript so that `npm start` needs node alone).
export const projectRoot: string;
export const serverEntry: string;
export function isStale(output: string, stampFile: string): boolean;
export function clientIsStale(): boolean;
export function serverIsStale(): boolean;
export function buildClient(): Promise<void>;
export function buildServer(): Promise<void>;
export function ensureBuilt(options?: { log?: (line: string) => void }): Promise<string[]>;
