// Types for scripts/build.mjs (plain JavaScript so that `npm start` needs node alone).
export const projectRoot: string;
export const serverEntry: string;
export function isStale(output: string, stampFile: string, root?: string): boolean;
export function writeStamp(stampFile: string, files: string[], root?: string): void;
export function clientInputs(moduleIds: string[], root?: string): string[];
export function clientIsStale(): boolean;
export function serverIsStale(): boolean;
export function ssrIsStale(): boolean;
export function buildClient(): Promise<void>;
export function buildSsr(outDir?: string): Promise<void>;
export function buildServer(): Promise<void>;
export function ensureBuilt(options?: { log?: (line: string) => void }): Promise<string[]>;
