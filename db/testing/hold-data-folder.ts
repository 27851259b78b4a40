/**
 * For the lock test: open the app's database on a PGlite folder the way a server does, say
 * "open", and hold it until SIGTERM. Exits 1 with the error's message when it cannot open.
 */
import { createDb } from "../client";

const dir = process.argv[2];
if (!dir) throw new Error("usage: hold-data-folder <dir>");
try {
  const handle = await createDb({ dataDir: dir });
  console.log("open");
  process.once("SIGTERM", () => {
    void handle.close().finally(() => process.exit(0));
  });
  setInterval(() => {}, 60_000);
} catch (e) {
  console.error(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  process.exit(1);
}
