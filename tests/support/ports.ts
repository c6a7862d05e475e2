/**
 * A port on 127.0.0.1 that nothing listens on at the moment of asking, for a test's own server.
 *
 * Test files run side by side (two Vitest processes in scripts/test.sh, two Playwright workers),
 * and a port is free only until its server listens. So each worker running at once takes its ports
 * from a range of its own, by its slot: the process's TEST_PORT_SLOT (set by scripts/test.sh) and
 * the worker's index in it (Vitest's VITEST_POOL_ID, Playwright's TEST_PARALLEL_INDEX). A port one
 * worker has just been handed cannot be handed to another before its server listens. The ranges lie
 * below the kernel's ephemeral ports, which outgoing connections take. Outside a runner, or past the
 * ranges, the kernel picks.
 */
import net from "node:net";

const FIRST = 20_000;
const SIZE = 2_000;
const SLOTS = 6;
const WORKERS_PER_PROCESS = 2;

function listensOn(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", (error: NodeJS.ErrnoException) =>
      port !== 0 && error.code === "EADDRINUSE" ? resolve(undefined) : reject(error),
    );
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

function slot(): number | undefined {
  const index = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
  const vitest = index(process.env.VITEST_POOL_ID);
  const worker = vitest !== undefined ? vitest - 1 : index(process.env.TEST_PARALLEL_INDEX);
  if (worker === undefined || worker < 0 || worker >= WORKERS_PER_PROCESS) return undefined;
  return (index(process.env.TEST_PORT_SLOT) ?? 0) * WORKERS_PER_PROCESS + worker;
}

// Handed out in turn from a random start, so two servers a test starts one after the other (before
// the first listens) never get the same port, and a test file rarely meets its predecessor's.
let next = Math.floor(Math.random() * SIZE);

export async function freePort(): Promise<number> {
  const own = slot();
  if (own !== undefined && own < SLOTS) {
    for (let tried = 0; tried < SIZE; tried++) {
      const port = FIRST + own * SIZE + (next++ % SIZE);
      if ((await listensOn(port)) !== undefined) return port;
    }
  }
  const port = await listensOn(0);
  if (port === undefined) throw new Error("no free port");
  return port;
}
