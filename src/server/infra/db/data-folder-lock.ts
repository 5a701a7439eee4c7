import fs from "node:fs";
import path from "node:path";

/**
 * One portal process per data folder: PGlite takes no lock of its own, and two processes on the same
 * folder silently lose writes. The lock is a file created exclusively with the owner's pid inside;
 * a lock whose process is gone is taken over.
 */
export class DataFolderLockedError extends Error {
  constructor(
    public readonly pid: number,
    public readonly dataDir: string,
  ) {
    super(
      `Another portal process (pid ${pid}) is using the data folder ${dataDir}. ` +
        `Stop it first, or set DATA_DIR to another folder.`,
    );
    this.name = "DataFolderLockedError";
  }
}

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

export const LOCK_FILE_NAME = "portal.lock";

// Folders locked by this process: a second open in the same process is refused too.
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);

  if (heldByThisProcess.has(file)) throw new DataFolderLockedError(process.pid, dir);

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      heldByThisProcess.add(file);
      const onExit = () => releaseIfOurs(file);
      process.once("exit", onExit);
      return {
        file,
        release() {
          process.removeListener("exit", onExit);
          releaseIfOurs(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      // Our own pid in a lock we do not hold is stale too (containers reuse low pids across restarts).
      if (owner !== null && owner !== process.pid && isAlive(owner)) throw new DataFolderLockedError(owner, dir);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}; remove it if no portal process is running.`);
}

function releaseIfOurs(file: string): void {
  if (!heldByThisProcess.delete(file)) return;
  if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
}
