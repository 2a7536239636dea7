// A process that holds a data folder as a server would, for tests of those refused: run with tsx,
// `hold-folder.ts <data dir> <port> [release]`. It takes the lock, says 'holding' and waits to be
// killed; a release given replaces this code's in server.pid, so it stands for a server of another
// release.
import fs from 'node:fs';
import path from 'node:path';
import { HOLDER_FILE, lockDataFolder } from '@db/folder-lock';

const [dataDir = '', port = '3000', release] = process.argv.slice(2);
const lock = lockDataFolder(dataDir, { kind: 'server', port: Number(port) });
if (release !== undefined) {
  fs.writeFileSync(path.join(lock.dataDir, HOLDER_FILE), `${JSON.stringify({ ...lock.holder, release })}\n`);
}
console.log('holding');
setInterval(() => undefined, 60_000);
