import { parseQuantity, type Quantity } from "../../tools/calculate";
import type { KeyFigure } from "./key-figures";
import type { Figure } from "./lineups";
import type { ReadDoc } from "./upstream";

/** For tests: a read document with its text and its listed figures as [name, value] pairs. */
export const readDoc = (docId: string, text = "", figures: [string, string][] = []): ReadDoc => ({
  docId,
  title: docId,
  source: "",
  published: "",
  text,
  figures: figures.map(([name, value]) => ({ name, value })),
});

/** For tests: a value as `calculate` reads it (the test fails loudly on a typo). */
export const quantity = (value: string): Quantity => {
  const q = parseQuantity(value);
  if (!q) throw new Error(`not a quantity: ${value}`);
  return q;
};

/** For tests: a figure as the derivations take it. */
export const figure = (label: string, value: string, docId = "d1"): Figure => ({
  label,
  value,
  docId,
  q: quantity(value),
});

/** For tests: a key figure as the report lists it (one document, no conflicts). */
export const keyFigure = (name: string, value: string, docId = "d1"): KeyFigure => ({
  name,
  value,
  docIds: [docId],
  conflicts: [],
  tied: false,
});
