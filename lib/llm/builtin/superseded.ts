import type { FigureClaim, ReadDoc, Upstream } from "./upstream";

/**
 * A forecast overtaken by a later document. "Offshore wind O&M spend 2025 forecast: USD 11.0
 * billion" from a 2022 outlook is no longer what 2025 looks like once a 2025 report states "Offshore
 * wind O&M spend 2025: USD 7.9 billion": the same measure for the same year, published later. The
 * later figure stands; the forecast is kept only as what an older source said.
 */
export interface Superseded {
  docId: string;
  name: string;
  value: string;
  /** The later figure for the same measure and year. */
  by: FigureClaim;
}

const FORECAST_WORD =
  /\b(?:forecasts?|projections?|projected|outlook|expected|predicted|target)\b|预测|预计|展望/giu;
/** The same words, tested (no `lastIndex` carried between tests as a global pattern would). */
const IS_FORECAST = new RegExp(FORECAST_WORD.source, "iu");
const YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/g;

const yearOf = (date: string): number | null => {
  const m = /^(\d{4})/.exec(date.trim());
  return m ? Number(m[1]) : null;
};

/** The measure a figure's name names, its years and forecast words aside ("offshore wind o&m spend"). */
function measureOf(name: string): string {
  return name
    .replace(FORECAST_WORD, " ")
    .replace(YEAR, " ")
    .replace(/[()（）[\]:,，]/gu, " ")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
}

/** The one year a figure's name is for ("… 2025 forecast" → 2025); null for spans ("CAGR 2022-2025") or none. */
function singleYear(name: string): number | null {
  const years = name.match(YEAR) ?? [];
  return years.length === 1 ? Number(years[0]) : null;
}

/**
 * Forecasts in the documents read that a document published in a later year overtakes: a figure
 * its name or date marks as a forecast (the word, or a year after its document's publication), for
 * one year, whose measure and year a later document states too.
 */
export function supersededForecasts(reads: readonly ReadDoc[]): Superseded[] {
  const out: Superseded[] = [];
  for (const doc of reads) {
    const published = yearOf(doc.published);
    if (published === null) continue;
    for (const f of doc.figures) {
      const year = singleYear(f.name);
      if (year === null) continue;
      const forecast = IS_FORECAST.test(f.name) || year > published;
      if (!forecast) continue;
      const measure = measureOf(f.name);
      if (!measure) continue;
      let by: FigureClaim | null = null;
      for (const later of reads) {
        const when = yearOf(later.published);
        if (later.docId === doc.docId || when === null || when <= published) continue;
        const g = later.figures.find((x) => singleYear(x.name) === year && measureOf(x.name) === measure);
        if (g && g.value.trim() !== f.value.trim()) {
          by = { name: g.name, value: g.value, docId: later.docId };
          break;
        }
      }
      if (by) out.push({ docId: doc.docId, name: f.name, value: f.value, by });
    }
  }
  return out;
}

/**
 * The upstream results with overtaken forecasts out of the figures every later step reads (a
 * calculation, a direct answer, an extracted claim); the key figures list names them as an older
 * source's value of the later figure (`up.superseded`).
 */
export function withoutSuperseded(up: Upstream): Upstream {
  const stale = supersededForecasts(up.reads);
  if (stale.length === 0) return up;
  const isStale = (docId: string, name: string) => stale.some((s) => s.docId === docId && s.name === name);
  return {
    ...up,
    figures: up.figures.filter((c) => !isStale(c.docId, c.name)),
    reads: up.reads.map((d) => ({ ...d, figures: d.figures.filter((f) => !isStale(d.docId, f.name)) })),
    superseded: stale,
  };
}
