/**
 * At server start: refuse to serve beyond loopback without sign-in, then open the database and
 * resume runs a previous process left running.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startupRefusal } = await import("./lib/auth/settings");
  const refusal = startupRefusal(process.env, process.argv);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const { getRunService } = await import("./lib/runs/service-instance");
  await getRunService();
}
