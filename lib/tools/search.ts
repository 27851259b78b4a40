import { z } from "zod";
import type { SearchHit } from "./library/document-library";
import type { Tool } from "./tool";

export const SearchInput = z.object({
  query: z.string().trim().min(1).max(300),
  limit: z.number().int().min(1).max(20).default(5),
  exclude: z.array(z.string()).max(100).default([]),
});
export type SearchInput = z.infer<typeof SearchInput>;

export interface SearchData {
  query: string;
  results: SearchHit[];
}

/** Hits it takes to call a search well answered: a comparison rarely rests on fewer sources. */
const ENOUGH_HITS = 3;

export const searchTool: Tool<SearchInput> = {
  name: "search",
  description:
    "Full-text search of the document library (English and Chinese). Returns ranked hits with id, " +
    "title, language, score, coverage (share of query terms found) and a snippet. Use `exclude` " +
    "for ids already read. An empty result is normal: try other words or the other language.",
  input: SearchInput,
  timeoutMs: 5_000,
  async run(input, ctx) {
    const results = await ctx.library.search(input.query, { limit: input.limit, exclude: input.exclude });
    const data: SearchData = { query: input.query, results };
    const titles = results.map((hit) => `«${hit.title}»`).join(", ");
    return {
      data,
      summary:
        results.length === 0
          ? `No documents for «${input.query}».`
          : `${results.length} document${results.length === 1 ? "" : "s"} for «${input.query}»: ${titles}.`,
      confidence: searchConfidence(results),
    };
  },
};

/** Half from how many documents answered, half from how much of the query the best one covers. */
function searchConfidence(results: SearchHit[]): number {
  if (results.length === 0) return 0;
  const best = Math.max(...results.map((hit) => hit.coverage));
  return Math.round((0.5 * Math.min(1, results.length / ENOUGH_HITS) + 0.5 * best) * 100) / 100;
}
