import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/** Pages as a user sees them, by data-testid. */
export class RunPage {
  constructor(readonly page: Page) {}
  nodes = () => this.page.getByTestId("dag-node");
  doneNodes = () => this.page.locator('[data-testid="dag-node"][data-status="succeeded"]');
  status = () => this.page.getByTestId("run-status");
  tab = (name: string) => this.page.getByTestId(`tab-${name}`);
  async waitForStatus(status: string, timeout = 45_000) {
    await expect(this.status()).toHaveAttribute("data-status", status, { timeout });
  }
  async shot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}

export async function startRunViaApi(request: APIRequestContext, body: object): Promise<string> {
  const res = await request.post("/api/runs", { data: body });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { runId: string }).runId;
}

export async function waitForRun(
  request: APIRequestContext,
  runId: string,
  status: string,
  timeout = 45_000,
) {
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/runs/${runId}`)).json()) as { run: { status: string } }).run.status,
      {
        timeout,
      },
    )
    .toBe(status);
  return ((await (await request.get(`/api/runs/${runId}`)).json()) as { run: { lastSeq: number } }).run;
}

export const test = base.extend<{ runPage: RunPage }>({
  runPage: async ({ page }, use) => {
    await use(new RunPage(page));
  },
});
export { expect };
