import { describe, expect, it } from "vitest";
import { decodeEntities, reportForDownload } from "./report-download";

const report = `# Loomwork vs Relaywright

Loomwork re-inserts a short &quot;goal anchor&quot; &amp; more. [1][2]

## Sources

[1] Enterprise readiness scorecard — Kestrel (2025-05-15) (\`agent-enterprise-readiness\`)

[2] Loomwork 与 Relaywright 企业级选型对比 (2025-05-29) (\`loomwork-vs-relaywright-enterprise-zh\`)
`;

describe("report download", () => {
  it("has no HTML entities, and no markup made of decoded ones", () => {
    const out = reportForDownload(report, "http://127.0.0.1:3000");
    expect(out).not.toMatch(/&(quot|amp|lt|gt|#\d+);/);
    expect(out).toContain('a short "goal anchor" & more. [1][2]');
    expect(decodeEntities("a &lt;script&gt; tag")).toBe("a \\<script> tag");
    expect(decodeEntities("&gt; not a quote")).toBe("\\> not a quote");
    expect(decodeEntities("&amp;copy; stays text")).toBe("\\&copy; stays text");
  });

  it("turns the sources into a numbered list linking each document on the app's origin", () => {
    const out = reportForDownload(report, "http://127.0.0.1:3000");
    expect(out).toContain(
      "1. Enterprise readiness scorecard — Kestrel (2025-05-15) — [agent-enterprise-readiness](http://127.0.0.1:3000/library?doc=agent-enterprise-readiness)",
    );
    expect(out).toMatch(
      /^2\. Loomwork 与 Relaywright .*\(http:\/\/127\.0\.0\.1:3000\/library\?doc=loomwork-vs/m,
    );
    // Lines outside the Sources section are left alone, even if they look like one.
    expect(reportForDownload("[1] Not a source (`x`)", "http://h")).toBe("[1] Not a source (`x`)");
  });
});
