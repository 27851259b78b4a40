import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diskFullError, freeBytes, StorageError } from "@/db/data-folder-lock";
import { checkHealth } from "./health";
import { respond } from "./http";
import { isTransientDbError } from "./resource-errors";

const statfsWith = (freeMb: number) => async () =>
  ({ bavail: (freeMb * 1024 * 1024) / 4096, bsize: 4096 }) as Awaited<
    ReturnType<typeof import("node:fs/promises").statfs>
  >;

describe("resource faults said plainly", () => {
  it("calls a (nearly) full disk full, before PGlite gets to fail without saying why", async () => {
    const full = await diskFullError("/data/pglite", statfsWith(3));
    expect(full).toBeInstanceOf(StorageError);
    expect(full?.message).toMatch(/the disk is full \(ENOSPC; 3\.0 MB free/);
    expect(await diskFullError("/data/pglite", statfsWith(500))).toBeNull();
  });

  it("measures free space from the nearest existing folder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "prefrontal-free-"));
    expect(await freeBytes(path.join(dir, "not", "yet", "there"))).toBeGreaterThan(0);
  });

  it("answers a request that hit a full disk or a lost database with a 503 that says so", async () => {
    const enospc = Object.assign(new Error("write failed"), { code: "ENOSPC" });
    const disk = await respond(() => Promise.reject(enospc));
    expect(disk.status).toBe(503);
    expect(await disk.json()).toMatchObject({ ok: false, code: "unavailable", message: /disk is full/ });
    const lost = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const db = await respond(() => Promise.reject(new Error("Failed query", { cause: lost })));
    expect(db.status).toBe(503);
    expect(await db.json()).toMatchObject({ code: "unavailable", message: /database cannot be reached/ });
    const other = await respond(() => Promise.reject(new Error("a bug")));
    expect(other.status).toBe(500);
  });

  it("tells a lost connection from a refused write", () => {
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isTransientDbError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("bad"), { code: "22P05" }))).toBe(false);
    expect(isTransientDbError(new Error("process killed"))).toBe(false);
  });

  it("reports an unreachable database in the health check", async () => {
    const env = {
      DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none",
      PREFRONTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), "prefrontal-health-")),
    };
    const health = await checkHealth(env);
    expect(health).toMatchObject({
      ok: false,
      database: { kind: "postgres", ok: false, problem: "the database is unreachable" },
      disk: { ok: true },
    });
  });
});
