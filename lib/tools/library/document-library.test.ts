import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_FILES, fixtureDocuments, makeTempDir } from "../test-support";
import { defaultLibraryDir, InMemoryLibrary, loadLibraryFromDir } from "./document-library";

const library = () => new InMemoryLibrary(fixtureDocuments());

describe("InMemoryLibrary.search", () => {
  it("finds the English document for an English query, best first", async () => {
    const hits = await library().search("battery pack cost");
    expect(hits[0]?.docId).toBe("ev-battery-costs-2024");
    expect(hits[0]?.coverage).toBe(1);
    expect(hits.map((h) => h.docId)).not.toContain("cn-manufacturing-ai-2025");
  });

  it("finds the Chinese document for a Chinese query, even when the query is segmented differently", async () => {
    for (const query of ["制造业 采用", "人工智能采用率", "数据质量"]) {
      const hits = await library().search(query);
      expect(hits[0]?.docId, query).toBe("cn-manufacturing-ai-2025");
      expect(hits[0]?.lang).toBe("zh");
    }
  });

  it("matches English word forms by prefix", async () => {
    const hits = await library().search("manufacturer");
    expect(hits.map((h) => h.docId)).toContain("px-market-overview-2025");
  });

  it("returns a short snippet around the matching words", async () => {
    const [hit] = await library().search("lithium phosphate");
    expect(hit?.snippet).toContain("lithium iron phosphate");
    expect(hit?.snippet.length).toBeLessThanOrEqual(240);
  });

  it("leaves out excluded ids and honours the limit", async () => {
    const all = await library().search("market size");
    expect(all.map((h) => h.docId)).toEqual(
      expect.arrayContaining(["px-market-overview-2025", "hostile-note"]),
    );
    const rest = await library().search("market size", { exclude: ["px-market-overview-2025"] });
    expect(rest.map((h) => h.docId)).not.toContain("px-market-overview-2025");
    expect(rest.length).toBeGreaterThan(0);
    expect(await library().search("market size", { limit: 1 })).toHaveLength(1);
  });

  it("returns nothing for a query of stop words or unknown words", async () => {
    expect(await library().search("the of and")).toEqual([]);
    expect(await library().search("zeppelin")).toEqual([]);
  });
});

describe("InMemoryLibrary", () => {
  it("gets documents by id and lists metadata without text", async () => {
    const lib = library();
    expect((await lib.get("ev-battery-costs-2024"))?.figures).toHaveLength(1);
    expect(await lib.get("nope")).toBeUndefined();
    const list = await lib.list();
    expect(list.map((d) => d.id)).toContain("cn-manufacturing-ai-2025");
    expect(list[0]).not.toHaveProperty("text");
  });

  it("replaces a document re-added under the same id", async () => {
    const lib = library();
    const [first] = fixtureDocuments();
    if (!first) throw new Error("fixture missing");
    lib.add({ ...first, title: "Renamed zeppelin study" });
    expect((await lib.search("zeppelin"))[0]?.docId).toBe(first.id);
    expect(await lib.list()).toHaveLength(fixtureDocuments().length);
  });
});

describe("loadLibraryFromDir", () => {
  it("loads good files and reports bad ones without throwing", async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, "good.md"), FIXTURE_FILES["ev-battery-costs-2024.md"] as string);
    await writeFile(path.join(dir, "bad.md"), "---\ntitle: Missing the rest\n---\nBody");
    await writeFile(path.join(dir, "dup.md"), FIXTURE_FILES["ev-battery-costs-2024.md"] as string);
    await writeFile(path.join(dir, "notes.txt"), "Plain notes\nAbout zeppelins.");
    await writeFile(path.join(dir, "image.png"), "not a document");

    const { library: lib, errors } = await loadLibraryFromDir(dir);
    expect((await lib.list()).map((d) => d.id).sort()).toEqual(["ev-battery-costs-2024", "notes"]);
    expect(errors).toEqual([
      { file: "bad.md", message: "lang: is required" },
      {
        file: "good.md",
        message: expect.stringContaining('"ev-battery-costs-2024" is already used by dup.md'),
      },
    ]);
  });

  it("resolves the default library from the repository, not the working directory", () => {
    expect(defaultLibraryDir.replaceAll("\\", "/")).toMatch(/\/db\/seed\/library\/?$/);
    expect(path.isAbsolute(defaultLibraryDir)).toBe(true);
  });
});
