import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderLockedError, describeFsError, lockDataFolder, StorageError } from "./data-folder-lock";

const script = path.join(process.cwd(), "db", "testing", "hold-data-folder.ts");
const children: ChildProcess[] = [];

/** A real second process opening the folder; resolves with how it ended or "open". */
function openInProcess(
  dir: string,
): Promise<{ outcome: "open" | "exited"; code?: number | null; stderr: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  return new Promise((resolve) => {
    child.stdout?.on("data", (d) => {
      if (String(d).includes("open")) resolve({ outcome: "open", stderr, child });
    });
    child.on("exit", (code) => resolve({ outcome: "exited", code, stderr, child }));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on("exit", (code) => resolve(code));
  });

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
});

describe("one writer per PGlite folder", () => {
  it("refuses a second process on the folder with a clear message, and lets it in once the first stops", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "prefrontal-lock-")), "pglite");
    const first = await openInProcess(dir);
    expect(first.outcome).toBe("open");
    const second = await openInProcess(dir);
    expect(second).toMatchObject({ outcome: "exited", code: 1 });
    expect(second.stderr).toContain("DataFolderLockedError");
    expect(second.stderr).toContain("in use by another Prefrontal server");
    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);
    const third = await openInProcess(dir);
    expect(third.outcome).toBe("open");
    // Killed outright: its lock is stale at once (its pid is gone), so a restart is not refused.
    third.child.kill("SIGKILL");
    await exited(third.child);
    const fourth = await openInProcess(dir);
    expect(fourth.outcome).toBe("open");
    fourth.child.kill("SIGTERM");
    expect(await exited(fourth.child)).toBe(0);
  }, 120_000);

  it("refuses a second lock in the same process too, and releases on close", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "prefrontal-lock-")), "pglite");
    const release = await lockDataFolder(dir);
    await expect(lockDataFolder(dir)).rejects.toBeInstanceOf(DataFolderLockedError);
    await release();
    const again = await lockDataFolder(dir);
    await again();
  });

  it("names a full disk as such", () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    const wrapped = new Error("PGlite failed to initialize properly", { cause: enospc });
    const described = describeFsError(wrapped, "/data/pglite");
    expect(described).toBeInstanceOf(StorageError);
    expect((described as StorageError).message).toBe(
      "Cannot write the data folder /data/pglite: the disk is full (ENOSPC).",
    );
    const other = new Error("something else");
    expect(describeFsError(other, "/d")).toBe(other);
  });
});
