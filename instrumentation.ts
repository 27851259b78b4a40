/**
 * At server start: refuse to serve beyond loopback without sign-in, then open the database and
 * resume runs a previous process left running. A start that cannot work (another server holds the
 * PGlite folder, the disk is full) says why and exits, instead of serving 500s; SIGTERM always
 * ends the process.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("./lib/auth/settings")).refuseUnsafeStart();
  const { installShutdown, exitOnFatalStart } = await import("./lib/runs/lifecycle");
  installShutdown();
  const { getRunService } = await import("./lib/runs/service-instance");
  await getRunService().catch(exitOnFatalStart);
}
