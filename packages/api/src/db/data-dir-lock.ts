import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * The embedded database's folder is open in another live process. PGlite is one process's
 * database: a second process opening the same folder works on its own copy of the pages and
 * one of the two silently loses its writes, so the second is refused instead.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is open in process ${ownerPid} (the shop's server, \`pnpm start\`, or another script). ` +
        'It can be used by one process at a time: stop that process first (Ctrl+C, or kill ' +
        `${ownerPid}), or, while the server runs, use its HTTP operator API (/api/operator/, OPERATOR_TOKEN; see docs/operations.md). ` +
        `If no such process runs any more, remove ${lockFile}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Lock files this process holds: its own pid in one of them is not a stale lock. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes `<dataDir>.lock` (it holds the owner's pid) for this process, or throws
 * DataDirInUseError if a live process holds it. A lock left by a process that is gone (killed,
 * crashed, the machine restarted; or a container's pid that is now this process's own) is stale
 * and taken over; a second open of the folder in this same process is refused like any other.
 * Returns the release, which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  // Written whole to a file of this process's own, then linked into place: link fails if the
  // lock exists and never exposes a half-written pid, which would look stale to a reader.
  const candidate = `${lockFile}.${process.pid}`;
  writeFileSync(candidate, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        linkSync(candidate, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = ownerOf(lockFile);
      const ownerLives = owner === process.pid ? held.has(lockFile) : owner && isAlive(owner);
      if (owner !== undefined && ownerLives) {
        throw new DataDirInUseError(dataDir, lockFile, owner);
      }
      rmSync(lockFile, { force: true });
    }
  } finally {
    unlinkSync(candidate);
  }
  held.add(lockFile);
  const release = () => {
    process.off('exit', release);
    held.delete(lockFile);
    if (ownerOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return release;
}
