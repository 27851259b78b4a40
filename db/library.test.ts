import { readdirSync } from "node:fs";
import { expect, it } from "vitest";
import { parseUpload } from "@/lib/tools/library/document";
import { defaultLibraryDir } from "@/lib/tools/library/document-library";
import { DbLibrary, seedLibraryIfEmpty } from "./library";
import { describeOnEachDatabase } from "./test-databases";

const DEMO_DOCS = readdirSync(defaultLibraryDir).filter((f) => f.endsWith(".md")).length;

describeOnEachDatabase("DbLibrary", (handle) => {
  const library = () => new DbLibrary(handle().db);

  it("seeds the demo library once", async () => {
    expect(DEMO_DOCS).toBe(36);
    const first = await seedLibraryIfEmpty(handle().db);
    expect(first).toEqual({ added: 36, total: 36, errors: [] });
    const again = await seedLibraryIfEmpty(handle().db);
    expect(again).toEqual({ added: 0, total: 36, errors: [] });
    expect(await library().list()).toHaveLength(36);
  });

  it("finds Chinese documents from a Chinese query", async () => {
    const hits = await library().search("制造业 采用");
    expect(hits[0]?.docId).toBe("px-manufacturing-adoption-zh");
    expect(hits[0]?.coverage).toBe(1);
    expect(hits[0]?.lang).toBe("zh");
    expect(hits[0]?.snippet).toContain("制造业");
    expect(hits.every((h) => h.lang === "zh")).toBe(true);
    expect((await library().search("中国 市场"))[0]?.docId).toBe("px-china-market-zh");
  });

  it("finds English documents, ranked, with coverage and a snippet", async () => {
    const hits = await library().search("Loomwork enterprise", { limit: 5 });
    const ids = hits.map((h) => h.docId);
    expect(ids).toContain("loomwork-architecture");
    expect(ids).toContain("loomwork-vs-relaywright-enterprise-zh");
    expect(ids.slice(0, 3).filter((id) => id.includes("loomwork")).length).toBeGreaterThanOrEqual(2);
    for (const h of hits) {
      expect(h.coverage).toBeGreaterThan(0);
      expect(h.coverage).toBeLessThanOrEqual(1);
      expect(h.snippet.length).toBeLessThanOrEqual(240);
    }
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));

    const xss = await library().search("XSS incident dashboard");
    expect(xss[0]?.docId).toBe("cortexa-dashboard-xss-incident");
    expect(xss[0]?.coverage).toBe(1);
    expect(xss[0]?.snippet.toLowerCase()).toContain("xss");
    expect(
      (await library().search("XSS incident dashboard", { exclude: ["cortexa-dashboard-xss-incident"] })).map(
        (h) => h.docId,
      ),
    ).not.toContain("cortexa-dashboard-xss-incident");
    expect(await library().search("agent", { limit: 3 })).toHaveLength(3);
  });

  it("treats query text as terms, never as tsquery syntax", async () => {
    for (const q of ["it's & | ! ( ) :* <-> \\ '", "'' OR 1=1 --", "", "   ", "of the"]) {
      await expect(library().search(q)).resolves.toBeInstanceOf(Array);
    }
    expect(await library().search("the of and")).toEqual([]);
    expect(await library().search("zzqxv qwzzy")).toEqual([]);
  });

  it("gets and lists documents", async () => {
    const doc = await library().get("px-manufacturing-adoption");
    expect(doc?.lang).toBe("en");
    expect(doc?.figures.length).toBeGreaterThan(0);
    expect(doc?.text.length).toBeGreaterThan(100);
    expect(await library().get("no-such-doc")).toBeUndefined();
    const metas = await library().list();
    expect(metas.find((m) => m.id === "px-manufacturing-adoption")).toEqual({
      id: doc?.id,
      title: doc?.title,
      lang: doc?.lang,
      tags: doc?.tags,
      published: doc?.published,
      source: doc?.source,
    });
  });

  it("adds an uploaded .txt document, searchable at once; a re-upload is a new version, the old one kept", async () => {
    const upload = parseUpload(
      "Quarry notes.txt",
      "Quarry robotics field notes\n\nThe Zephyrine quarry fleet cut downtime by 17% in 2025.",
      new Date("2025-06-01T10:00:00Z"),
    );
    const by = {
      uploadedBy: "ann@example.test",
      uploadedAt: new Date("2025-06-01T10:00:00Z"),
      fileName: "Quarry notes.txt",
    };
    expect(await library().addDocument(upload, by)).toEqual({ id: "quarry-notes", supersedes: null });
    expect(await library().get("quarry-notes")).toEqual(upload);
    const hits = await library().search("Zephyrine downtime");
    expect(hits[0]).toMatchObject({
      docId: "quarry-notes",
      title: "Quarry robotics field notes",
      coverage: 1,
    });

    const second = await library().addDocument({ ...upload, text: "Rewritten: the Obsidianne fleet." }, by);
    expect(second).toEqual({ id: "quarry-notes.v2", supersedes: "quarry-notes" });
    // What runs read and cited is unchanged; new searches and the list see only the new version.
    expect((await library().get("quarry-notes"))?.text).toContain("Zephyrine");
    expect((await library().get("quarry-notes.v2"))?.text).toBe("Rewritten: the Obsidianne fleet.");
    expect(await library().search("Zephyrine")).toEqual([]);
    expect((await library().search("Obsidianne"))[0]?.docId).toBe("quarry-notes.v2");
    expect(await library().list()).toHaveLength(37);
    expect((await library().addDocument({ ...upload, id: "quarry-notes.v2" }, by)).id).toBe(
      "quarry-notes.v3",
    );

    // A seeded, already-cited document is never overwritten by an upload that claims its id.
    const seeded = await library().get("loomwork-architecture");
    const planted = await library().addDocument(
      { ...upload, id: "loomwork-architecture", text: "Planted." },
      by,
    );
    expect(planted).toEqual({ id: "loomwork-architecture.v2", supersedes: "loomwork-architecture" });
    expect(await library().get("loomwork-architecture")).toEqual(seeded);
    // A library that is not empty is never re-seeded.
    expect((await seedLibraryIfEmpty(handle().db)).added).toBe(0);
  });
});
