/**
 * Whether sign-in is configured, and whether the server may run without it. Pure functions of the
 * environment (and the command line), so the startup rule is unit-tested.
 */
type Env = Record<string, string | undefined>;

/** Sign-in is on when better-auth has its secret; then nobody is signed in implicitly. */
export function authConfigured(env: Env): boolean {
  return (env.BETTER_AUTH_SECRET ?? "").trim().length >= 32;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** The address the server binds: HOST, else `-H`/`--hostname`; plain `next start` binds every interface. */
export function bindAddress(env: Env, argv: string[]): string {
  const i = argv.findIndex((a) => a === "-H" || a === "--hostname");
  const fromArgv =
    i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith("--hostname="))?.slice("--hostname=".length);
  return (env.HOST ?? fromArgv ?? "0.0.0.0").trim().toLowerCase();
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : "";
  } catch {
    return "";
  }
}

/** A message saying how to fix it when the server must not start; null when it may. */
export function startupRefusal(env: Env, argv: string[]): string | null {
  if (authConfigured(env)) return null;
  const bind = bindAddress(env, argv);
  // Names served beyond loopback (a reverse proxy's): they make the server reachable from elsewhere.
  const extraHosts = [...(env.PREFRONTAL_ALLOWED_HOSTS ?? "").split(","), hostOf(env.BETTER_AUTH_URL)]
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h && !LOOPBACK.has(h));
  if (LOOPBACK.has(bind) && extraHosts.length === 0) return null;
  return [
    `prefrontal: refusing to serve ${extraHosts.length ? `hosts ${extraHosts.join(", ")}` : `on ${bind}`} without sign-in:`,
    "anyone who can reach it could start, cancel and approve anything.",
    "Either bind loopback only (HOST=127.0.0.1, the default of `npm start`), or configure sign-in:",
    "set BETTER_AUTH_SECRET (32+ random characters, e.g. `openssl rand -base64 32`) and BETTER_AUTH_URL,",
    "then add users with `npm run auth -- add-user <email> <role>` (see README, Sign-in).",
  ].join("\n");
}

/**
 * The addresses this process listens on. `next dev` runs the server in a child process that sees
 * neither `-H` nor HOST, so the listening sockets are asked directly (Node has no public API for
 * them; without it, the command line decides).
 */
function listeningAddresses(): string[] {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  return handles.flatMap((h) => {
    const address = (h as { address?: () => unknown; listening?: boolean }).listening
      ? (h as { address: () => unknown }).address()
      : null;
    return address && typeof address === "object" && "address" in address ? [String(address.address)] : [];
  });
}

/** At server start (instrumentation, Node.js only): print why and exit when the server must not start. */
export function refuseUnsafeStart(): void {
  const listening = listeningAddresses();
  const refusal =
    listening.length > 0
      ? (listening.map((a) => startupRefusal({ ...process.env, HOST: a }, [])).find((r) => r !== null) ??
        null)
      : startupRefusal(process.env, process.argv);
  if (refusal === null) return;
  console.error(refusal);
  process.exit(1);
}
