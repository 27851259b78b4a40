import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The shared folder sits beside the project (CI clones the repo next to a copy of it), so it is
 * found from the project root, never from this file's location. A git worktree nests the project
 * one level deeper, so the parents' siblings are tried too; PREFRONTAL_SHARED_DIR overrides.
 */
export function sharedDir(): string {
  const given = process.env.PREFRONTAL_SHARED_DIR;
  if (given) return path.resolve(given);
  const candidates = ["../shared", "../../shared", "../../../shared"].map((p) =>
    path.resolve(process.cwd(), p),
  );
  return candidates.find((dir) => existsSync(path.join(dir, "models"))) ?? (candidates[0] as string);
}
export const llamaServerBinary = () => path.join(sharedDir(), "tools/llama-server/llama-server");
export const storiesModel = () => path.join(sharedDir(), "models/stories260K.gguf");
const storiesSha256 = "270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d";

/** Throws a clear error when the shared model is missing or is not the file the README names. */
export function verifiedStoriesModel(): string {
  const file = storiesModel();
  if (!existsSync(file)) throw new Error(`Test model not found at ${file}`);
  const sum = createHash("sha256").update(readFileSync(file)).digest("hex");
  if (sum !== storiesSha256) throw new Error(`${file} has sha256 ${sum}, expected ${storiesSha256}`);
  return file;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface LlamaServer {
  /** `http://127.0.0.1:<port>` (the OpenAI base URL is this plus `/v1`). */
  origin: string;
  port: number;
  pid: number;
  /** Stops the process by its PID and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** The last lines the server logged, for failure messages. */
  log(): string;
}

export interface LlamaServerOptions {
  port?: number;
  ctxSize?: number;
  /** Extra command-line arguments. */
  args?: string[];
  readyTimeoutMs?: number;
}

/** Starts llama-server on a free loopback port with the stories model; resolves once /health is 200. */
export async function startLlamaServer(options: LlamaServerOptions = {}): Promise<LlamaServer> {
  const model = verifiedStoriesModel();
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    llamaServerBinary(),
    [
      ...["-m", model, "--host", "127.0.0.1", "--port", String(port)],
      ...["-c", String(options.ctxSize ?? 2048), "-t", "2", "--chat-template", "chatml"],
      ...(options.args ?? []),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n"));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const server: LlamaServer = {
    origin,
    port,
    pid: child.pid ?? -1,
    log: () => lines.slice(-30).join("\n"),
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, signal);
      await exited;
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`llama-server exited early:\n${server.log()}`);
    const ok = await fetch(`${origin}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop("SIGKILL");
  throw new Error(`llama-server did not become healthy on ${origin}:\n${server.log()}`);
}
