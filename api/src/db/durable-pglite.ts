import { fsyncSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** What Emscripten's NODEFS hands a stream operation: the real file descriptor behind the database's file. */
interface NodeStream {
  nfd?: number;
}
type NodeFsInit = Awaited<ReturnType<NodeFS["init"]>>["emscriptenOpts"];
type PreRun = (mod: { NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number } } }) => void;

/**
 * PGlite's files on Node's filesystem, with fsync made real. PGlite runs PostgreSQL with fsync off (`-F`), and its
 * Emscripten filesystem has no fsync either: a commit reached the kernel's page cache, not the disk, so a power cut
 * or an OS crash could lose leads already answered 201. Here each fsync PostgreSQL asks for reaches the file's real
 * descriptor, and PostgreSQL asks as it does on a server: at each commit (the WAL) and at each checkpoint (the data
 * files, before the WAL that covers them is recycled).
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, opts);
    const syncForReal: PreRun = (mod) => {
      // a failure to sync is the disk failing: PostgreSQL is told (it stops rather than go on without its data)
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        return 0;
      };
    };
    const preRun = [syncForReal, ...((result.emscriptenOpts.preRun ?? []) as PreRun[])];
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } as NodeFsInit };
  }
}

/**
 * PGlite's own start parameters without `-F` (fsync off), and WAL synced with fsync(): its fdatasync() does nothing
 * (an Emscripten stub), fsync() reaches DurableNodeFS.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
];

/** An embedded database in `dataDir` whose commits survive a power cut (each commit costs one fsync). */
export function durablePglite(dataDir: string): PGlite {
  return new PGlite({ fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS });
}
