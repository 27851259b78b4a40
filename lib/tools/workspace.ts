import { constants } from "node:fs";
import { lstat, mkdir, open, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "./tool";

export const MAX_FILE_BYTES = 1024 * 1024;

/**
 * A run's own folder. Paths come from a model, so every one is checked twice: lexically
 * (no absolute paths, no `..`, no NUL) and on disk (symlinks of existing parents and of the
 * target itself must still land inside the root).
 */
export class Workspace {
  private realRoot: Promise<string> | undefined;

  constructor(readonly root: string) {}

  /** The absolute on-disk path for `relPath`, or ToolError "forbidden" if it would leave the root. */
  async resolve(relPath: string): Promise<string> {
    return this.resolveSegments(relPath, checkLexically(relPath));
  }

  private async resolveSegments(relPath: string, segments: string[]): Promise<string> {
    const root = await this.rootRealPath();
    const target = path.join(root, ...segments);
    // Find the deepest part of the path that exists; only it can contain symlinks.
    let existing = target;
    while (existing !== root && !(await exists(existing))) existing = path.dirname(existing);
    let real: string;
    try {
      real = await realpath(existing);
    } catch {
      // A dangling symlink: where it points is unknowable until something appears there.
      throw forbidden(relPath, "is a broken symlink");
    }
    if (!isInside(root, real)) throw forbidden(relPath, "leaves the workspace through a symlink");
    return path.join(real, path.relative(existing, target));
  }

  async write(relPath: string, content: string): Promise<{ path: string; bytes: number }> {
    const bytes = Buffer.byteLength(content, "utf8");
    if (bytes > MAX_FILE_BYTES) {
      throw new ToolError(
        "too_large",
        `"${relPath}" would be ${bytes} bytes; the limit is ${MAX_FILE_BYTES}`,
      );
    }
    const segments = checkLexically(relPath);
    await this.resolveSegments(relPath, segments);
    const parent = segments.slice(0, -1);
    await mkdir(await this.resolveSegments(relPath, parent), { recursive: true });
    // Resolve the parent again now that it exists: a directory created meanwhile must not be a way out.
    const target = path.join(await this.resolveSegments(relPath, parent), segments.at(-1) as string);
    let file: Awaited<ReturnType<typeof open>>;
    try {
      // O_NOFOLLOW: the kernel refuses a symlink as the file itself, even one created after our checks.
      file = await open(
        target,
        constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
      );
    } catch (error) {
      if (errorCode(error) === "ELOOP")
        throw forbidden(relPath, "is a symlink; writing through it is not allowed");
      if (errorCode(error) === "EISDIR") throw new ToolError("invalid_input", `"${relPath}" is a directory`);
      throw error;
    }
    try {
      await file.writeFile(content, "utf8");
    } finally {
      await file.close();
    }
    return { path: normalizedRelPath(relPath), bytes };
  }

  async read(relPath: string): Promise<string> {
    const target = await this.resolve(relPath);
    const info = await stat(target).catch((error: unknown) => {
      if (errorCode(error) === "ENOENT")
        throw new ToolError("not_found", `"${relPath}" does not exist in the workspace`);
      throw error;
    });
    if (!info.isFile()) throw new ToolError("invalid_input", `"${relPath}" is not a file`);
    const size = info.size;
    if (size > MAX_FILE_BYTES) {
      throw new ToolError("too_large", `"${relPath}" is ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
    }
    return readFile(target, "utf8");
  }

  private rootRealPath(): Promise<string> {
    this.realRoot ??= mkdir(this.root, { recursive: true }).then(() => realpath(this.root));
    return this.realRoot;
  }
}

/** The path as the workspace will report it back: forward slashes, no `./`. */
function normalizedRelPath(relPath: string): string {
  return checkLexically(relPath).join("/");
}

function checkLexically(relPath: string): string[] {
  if (relPath.includes("\0")) throw forbidden(relPath.replaceAll("\0", "\\0"), "contains a NUL byte");
  if (path.posix.isAbsolute(relPath) || path.win32.isAbsolute(relPath)) {
    throw forbidden(relPath, "is absolute; use a path relative to the workspace");
  }
  const segments = relPath.split(/[\\/]+/).filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) throw forbidden(relPath, "uses '..'; paths must stay inside the workspace");
  if (segments.length === 0) throw new ToolError("invalid_input", "the path is empty");
  return segments;
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (!rel.startsWith(`..${path.sep}`) && rel !== ".." && !path.isAbsolute(rel));
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

function forbidden(relPath: string, why: string): ToolError {
  return new ToolError("forbidden", `"${relPath}" ${why}`);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error ? String(error.code) : undefined;
}
