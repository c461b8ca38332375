// A second process for data-dir-lock.test.ts: opens the embedded database in the folder given
// as its argument, says `ready`, and keeps it open until it is killed.
import { openDatabase } from '../../src/db/client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <dataDir>');
await openDatabase({ dataDir });
console.log('ready');
setInterval(() => {}, 60_000);
