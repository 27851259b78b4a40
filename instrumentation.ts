/**
 * At server start: refuse to serve beyond loopback without sign-in, then open the database and
 * resume runs a previous process left running.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("./lib/auth/settings")).refuseUnsafeStart();
  const { getRunService } = await import("./lib/runs/service-instance");
  await getRunService();
}
