/** At server start: open the database and resume runs a previous process left running. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getRunService } = await import("./lib/runs/service-instance");
  await getRunService();
}
