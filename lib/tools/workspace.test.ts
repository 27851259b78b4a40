import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "./test-support";
import { ToolError } from "./tool";
import { MAX_FILE_BYTES, Workspace } from "./workspace";

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  return "resolved";
}

describe("Workspace", () => {
  let root: string;
  let outside: string;
  let ws: Workspace;

  beforeEach(async () => {
    root = path.join(await makeTempDir(), "run");
    outside = await makeTempDir("prefrontal-outside-");
    await writeFile(path.join(outside, "secret.txt"), "secret");
    ws = new Workspace(root);
  });

  it("writes and reads files, creating the root and parent folders", async () => {
    expect(await ws.write("notes/deep/a.md", "héllo")).toEqual({ path: "notes/deep/a.md", bytes: 6 });
    expect(await ws.read("./notes//deep/a.md")).toBe("héllo");
    expect(await readFile(path.join(root, "notes/deep/a.md"), "utf8")).toBe("héllo");
  });

  it.each(["../x", "/etc/passwd", "a/../../x", "a/../b", "..", "notes\\..\\..\\x", "C:\\x"])(
    "refuses %s as forbidden",
    async (p) => {
      expect(await codeOf(ws.write(p, "x"))).toBe("forbidden");
      expect(await codeOf(ws.read(p))).toBe("forbidden");
    },
  );

  it("refuses NUL bytes", async () => {
    expect(await codeOf(ws.write("a\0.md", "x"))).toBe("forbidden");
  });

  it("refuses an empty path", async () => {
    expect(await codeOf(ws.write("./", "x"))).toBe("invalid_input");
  });

  it("refuses a directory symlink that escapes, for reading and writing", async () => {
    await mkdir(root, { recursive: true });
    await symlink(outside, path.join(root, "escape"));
    expect(await codeOf(ws.read("escape/secret.txt"))).toBe("forbidden");
    expect(await codeOf(ws.write("escape/secret.txt", "pwned"))).toBe("forbidden");
    expect(await codeOf(ws.write("escape/new/file.md", "pwned"))).toBe("forbidden");
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("secret");
  });

  it("refuses a file symlink that escapes, and a dangling one", async () => {
    await mkdir(root, { recursive: true });
    await symlink(path.join(outside, "secret.txt"), path.join(root, "link.md"));
    await symlink(path.join(outside, "missing.txt"), path.join(root, "dangling.md"));
    expect(await codeOf(ws.read("link.md"))).toBe("forbidden");
    expect(await codeOf(ws.write("link.md", "pwned"))).toBe("forbidden");
    expect(await codeOf(ws.write("dangling.md", "pwned"))).toBe("forbidden");
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("secret");
  });

  it("reads through a symlink that stays inside but never writes through one", async () => {
    await ws.write("real.md", "original");
    await symlink(path.join(root, "real.md"), path.join(root, "alias.md"));
    expect(await ws.read("alias.md")).toBe("original");
    expect(await codeOf(ws.write("alias.md", "changed"))).toBe("forbidden");
    expect(await ws.read("real.md")).toBe("original");
  });

  it("caps file size at 1 MB", async () => {
    expect(await codeOf(ws.write("big.md", "x".repeat(MAX_FILE_BYTES + 1)))).toBe("too_large");
    expect(await codeOf(ws.write("ok.md", "x".repeat(MAX_FILE_BYTES)))).toBe("resolved");
  });

  it("reports a missing file as not_found", async () => {
    expect(await codeOf(ws.read("missing.md"))).toBe("not_found");
  });

  it("works when the root itself is reached through a symlink", async () => {
    const base = await makeTempDir();
    await mkdir(path.join(base, "real-root"));
    await symlink(path.join(base, "real-root"), path.join(base, "linked-root"));
    const linked = new Workspace(path.join(base, "linked-root"));
    await linked.write("a.md", "ok");
    expect(await readFile(path.join(base, "real-root", "a.md"), "utf8")).toBe("ok");
  });
});
