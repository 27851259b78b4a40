import { z } from "zod";
import { between, type DurationUnit, parseDate } from "./dates";
import { formatAmount, parseQuantity, type Quantity, round, tenth, withUnit } from "./quantity";
import { type Tool, ToolError } from "./tool";
import { unitClash } from "./units";

export { formatAmount, parseQuantity, type Quantity } from "./quantity";

/**
 * Figures derived by code, never by a model's arithmetic: a difference, a ratio, a percent
 * change, a share, a sum, a mean, a product or a per-unit value, from inputs quoted as the sources state
 * them ("USD 2,410", "86%", "4.2 billion"), each with the document it came from. The result
 * carries its formula and inputs, so a report can show and cite how it was made.
 */
export const Operation = z.enum([
  "difference",
  "ratio",
  "percent_change",
  "cagr",
  "share",
  "sum",
  "mean",
  "product",
  "per_unit",
  "apply_rate",
  "date_difference",
]);
export type Operation = z.infer<typeof Operation>;

const Operand = z.object({
  label: z.string().trim().min(1).max(200),
  /** As the source states it; a plain number for a count a person gave. */
  value: z.string().trim().min(1).max(60),
  /** The document it was read in; absent for a figure a person supplied. */
  docId: z.string().trim().min(1).max(200).optional(),
});

/** One item's turn of a calculation made for each item of a list. */
const Row = z.object({
  label: z.string().trim().min(1).max(200),
  inputs: z.array(Operand).min(1).max(10),
});

/** Rows one call may hold: a lineup of items, not a table of everything. */
export const MAX_ROWS = 12;

export const CalculateInput = z.object({
  label: z.string().trim().min(1).max(200),
  operation: Operation,
  /** Empty when no comparable figures were found: the call then fails saying so (the label says why). */
  inputs: z.array(Operand).max(10),
  /**
   * The same calculation for each item of a list ("stars per contributor, for each framework"):
   * one row per item, each with its own inputs; `inputs` is then left empty.
   */
  rows: z.array(Row).max(MAX_ROWS).optional(),
});
export type CalculateInput = z.infer<typeof CalculateInput>;

/**
 * Units cancel in a product: "USD 49 per technician per month" × "200 technicians" is "USD 9,800
 * per month", and × "12 months" after that just "USD …". A factor counting something ("200
 * technicians", "36 months") removes the matching "per …" from the unit; a head count named
 * otherwise ("25 seats", "150 名技师") removes the one "per <head>" left that is not a period.
 */
const PERIOD = /^(?:year|yr|month|mo|quarter|week|day|hour|annum)$/i;

function productUnit(values: Quantity[], unit: Quantity): Quantity {
  let suffix = unit.suffix;
  const per = (noun: string) => new RegExp(`\\s*\\b(?:per|a|an)\\s+${noun}s?\\b|\\s*/\\s*${noun}s?\\b`, "iu");
  const unmatched: string[] = [];
  for (const q of values) {
    if (q === unit || !q.suffix || q.suffix === "%") continue;
    const noun = (q.suffix.split(/\s+/)[0] ?? "").replace(/s$/i, "");
    if (!/^[\p{L}-]+$/u.test(noun)) continue;
    const next = suffix.replace(per(noun), "");
    if (next === suffix && !PERIOD.test(noun)) unmatched.push(noun);
    suffix = next;
  }
  for (const _ of unmatched) {
    const head = [...suffix.matchAll(/\b(?:per|a|an)\s+([\p{L}-]+)/giu)].find(
      (m) => !PERIOD.test(m[1] ?? ""),
    );
    if (head) suffix = suffix.replace(head[0], "");
  }
  return { ...unit, suffix: suffix.replace(/\s+/g, " ").trim() };
}

export interface Derived {
  value: number;
  formatted: string;
  formula: string;
}

export function derive(operation: Operation, values: Quantity[], labels: string[]): Derived {
  const [a, b] = values;
  if (!a) throw new ToolError("invalid_input", "calculate needs at least one input");
  const need2 = () => {
    if (!b) throw new ToolError("invalid_input", `${operation} needs two inputs, got one`);
    return b;
  };
  // A count shown as its own label ("120 technicians") is not repeated.
  const shown = values.map((q, i) => {
    const v = withUnit(q.amount, q);
    return labels[i] && labels[i] !== v ? `${labels[i]} ${v}` : v;
  });
  switch (operation) {
    case "difference": {
      const y = need2();
      const v = a.amount - y.amount;
      const unit = a.suffix === "%" ? `${formatAmount(v)} percentage points` : withUnit(v, a);
      return { value: v, formatted: unit, formula: `${shown[0]} − ${shown[1]} = ${unit}` };
    }
    case "ratio": {
      const y = need2();
      if (y.amount === 0) throw new ToolError("invalid_input", "ratio by zero");
      const v = a.amount / y.amount;
      return { value: v, formatted: `${round(v)}×`, formula: `${shown[0]} ÷ ${shown[1]} = ${round(v)}×` };
    }
    case "percent_change": {
      const y = need2();
      if (a.amount === 0) throw new ToolError("invalid_input", "percent change from zero");
      const v = ((y.amount - a.amount) / a.amount) * 100;
      const f = `${v >= 0 ? "+" : ""}${tenth(v)}%`;
      const formula = `(${shown[1]} − ${shown[0]}) ÷ ${shown[0]} = ${f}`;
      // A change between two rates or shares is said in points first ("down 5 percentage points",
      // not only "-5.6%"): the relative change of a percentage is easily misread.
      if (a.suffix === "%" && y.suffix === "%") {
        const d = y.amount - a.amount;
        const points = `${d >= 0 ? "+" : "−"}${formatAmount(Math.abs(d))} percentage points`;
        return {
          value: v,
          formatted: `${points} (${f})`,
          formula: `${shown[1]} − ${shown[0]} = ${points}; ${formula}`,
        };
      }
      return { value: v, formatted: f, formula };
    }
    case "cagr": {
      // The steady yearly growth that takes the first to the second over the periods a third input
      // counts: (second ÷ first)^(1/periods) − 1.
      const y = need2();
      const periods = values[2]?.amount;
      if (periods === undefined || !Number.isInteger(periods) || periods < 1 || periods > 100)
        throw new ToolError(
          "invalid_input",
          "cagr needs a third input: the whole number of years between the two",
        );
      if (a.amount <= 0 || y.amount <= 0)
        throw new ToolError("invalid_input", "cagr needs two positive amounts");
      const v = ((y.amount / a.amount) ** (1 / periods) - 1) * 100;
      const f = `${tenth(v)}% a year`;
      return {
        value: v,
        formatted: f,
        formula: `(${shown[1]} ÷ ${shown[0]})^(1/${periods}) − 1 = ${f}`,
      };
    }
    case "share": {
      const y = need2();
      if (y.amount === 0) throw new ToolError("invalid_input", "share of zero");
      const v = (a.amount / y.amount) * 100;
      return { value: v, formatted: `${tenth(v)}%`, formula: `${shown[0]} ÷ ${shown[1]} = ${tenth(v)}%` };
    }
    case "per_unit": {
      const y = need2();
      if (y.amount === 0) throw new ToolError("invalid_input", "per unit of zero");
      const v = a.amount / y.amount;
      // "21,000 stars ÷ 240 contributors" is 87.5 stars per contributor.
      const per =
        y.suffix && y.suffix !== "%" && !/^per\b/i.test(y.suffix) ? ` per ${y.suffix.replace(/s$/, "")}` : "";
      const unit = `${withUnit(v, a)}${per}`;
      return { value: v, formatted: unit, formula: `${shown[0]} ÷ ${shown[1]} = ${unit}` };
    }
    case "apply_rate": {
      // An amount changed by a rate, once or compounded: a 15% markup, a 15% discount (given as
      // -15%), a 16% CAGR over five years (a third input: the number of periods).
      const rate = need2();
      if (rate.suffix !== "%")
        throw new ToolError("invalid_input", "apply_rate needs a percentage as its second input");
      const periods = values[2]?.amount ?? 1;
      if (!Number.isInteger(periods) || periods < 1 || periods > 100)
        throw new ToolError("invalid_input", "apply_rate's periods must be a whole number from 1 to 100");
      const v = a.amount * (1 + rate.amount / 100) ** periods;
      const factor = `(1 ${rate.amount < 0 ? "−" : "+"} ${formatAmount(Math.abs(rate.amount))}%)${periods > 1 ? `^${periods}` : ""}`;
      return {
        value: v,
        formatted: withUnit(v, a),
        formula: `${shown[0]} × ${factor} = ${withUnit(v, a)}`,
      };
    }
    case "date_difference":
      throw new ToolError("invalid_input", "date_difference takes dates, not amounts");
    case "sum": {
      const v = values.reduce((s, q) => s + q.amount, 0);
      return { value: v, formatted: withUnit(v, a), formula: `${shown.join(" + ")} = ${withUnit(v, a)}` };
    }
    case "mean": {
      need2();
      // An average of one kind of figure only: dollars with dollars, scores out of 10 with each other.
      const other = values.find((q) => q.prefix !== a.prefix || q.suffix !== a.suffix);
      if (other)
        throw new ToolError(
          "invalid_input",
          `mean needs figures of one unit: ${withUnit(a.amount, a)} and ${withUnit(other.amount, other)} differ`,
        );
      const v = values.reduce((s, q) => s + q.amount, 0) / values.length;
      const unit = withUnit(v, a);
      return { value: v, formatted: unit, formula: `(${shown.join(" + ")}) ÷ ${values.length} = ${unit}` };
    }
    case "product": {
      // A percentage multiplies as the fraction it is: 31% of USD 4.2 billion is USD 1.3 billion.
      const v = values.reduce(
        (s, q) => s * (q.suffix === "%" && values.length > 1 ? q.amount / 100 : q.amount),
        1,
      );
      const unit = productUnit(values, values.find((q) => q.prefix || (q.suffix && q.suffix !== "%")) ?? a);
      return {
        value: v,
        formatted: withUnit(v, unit),
        formula: `${shown.join(" × ")} = ${withUnit(v, unit)}`,
      };
    }
  }
}

export const calculateTool: Tool<CalculateInput> = {
  name: "calculate",
  description:
    "Derive a figure by code from figures the sources state: difference, ratio, percent_change (first → second), " +
    "cagr (the yearly growth from the first to the second over the years a third input counts), " +
    "share (first as % of second), sum, mean (the average of two or more), product, per_unit, apply_rate (first × (1 + second %) ^ third, third " +
    "optional: a markup, a discount as a negative %, growth compounded over periods), date_difference (from the " +
    "first date to the second, in the unit a third input names: days, weeks, months or years). Give each input as quoted with its docId; " +
    "for the same calculation on each item of a list, give rows (one per item, each with its inputs) and no inputs; the result " +
    "carries the formula and cites the inputs' documents.",
  input: CalculateInput,
  timeoutMs: 1_000,
  async run(input) {
    if (input.rows && input.rows.length > 0) return calculateRows(input, input.rows);
    if (input.inputs.length === 0) throw new ToolError("not_found", `Nothing to calculate: ${input.label}.`);
    if (input.operation === "date_difference") return dateDifference(input);
    const d = deriveFrom(input.operation, input.inputs);
    const docIds = [...new Set(input.inputs.flatMap((i) => (i.docId ? [i.docId] : [])))];
    // No claims: a derived value is not a source's statement, so it never counts as one in a contradiction.
    return {
      data: { label: input.label, operation: input.operation, ...d, inputs: input.inputs, docIds },
      summary: `${input.label}: ${d.formatted} (${d.formula}).`,
      confidence: 1,
    };
  },
};

function deriveFrom(operation: Operation, inputs: readonly z.infer<typeof Operand>[]): Derived {
  const values = inputs.map((i) => {
    const q = parseQuantity(i.value);
    if (!q) throw new ToolError("invalid_input", `"${i.value}" (${i.label}) is not a number`);
    return q;
  });
  if (operation === "product") unitsCancel(inputs, values);
  return derive(
    operation,
    values,
    inputs.map((i) => i.label),
  );
}

/**
 * A product of a figure per one thing and a count of another ("USD 1,200 per seat" × "10,000
 * tasks") means nothing: refused, with the units named, so the caller looks for the right figure.
 */
function unitsCancel(inputs: readonly z.infer<typeof Operand>[], values: readonly Quantity[]): void {
  const counts = inputs.filter(
    (_, k) => !values[k]?.prefix && values[k]?.suffix !== "%" && !/\bper\b/i.test(values[k]?.suffix ?? ""),
  );
  for (const count of counts) {
    for (const figure of inputs) {
      if (figure === count) continue;
      const clash = unitClash(`${figure.label} ${figure.value}`, count.value);
      if (clash)
        throw new ToolError(
          "invalid_input",
          `the units do not cancel: "${figure.label}" is per ${clash.per}, "${count.value}" counts ${clash.counted}; multiply a figure per ${clash.counted}`,
        );
    }
  }
}

/** One calculation per item: each row is worked out and cited on its own; one bad row fails the call. */
function calculateRows(input: CalculateInput, rows: readonly z.infer<typeof Row>[]) {
  if (input.operation === "date_difference")
    throw new ToolError("invalid_input", "date_difference takes one pair of dates, not rows");
  const done = rows.map((row) => {
    let d: Derived;
    try {
      d = deriveFrom(input.operation, row.inputs);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new ToolError("invalid_input", `row "${row.label}": ${why}`);
    }
    const docIds = [...new Set(row.inputs.flatMap((i) => (i.docId ? [i.docId] : [])))];
    return {
      label: row.label,
      value: d.value,
      formatted: d.formatted,
      formula: d.formula,
      inputs: row.inputs,
      docIds,
    };
  });
  const formatted = done.map((r) => `${r.label} ${r.formatted}`).join("; ");
  const formula = done.map((r) => `${r.label}: ${r.formula}`).join("; ");
  const docIds = [...new Set(done.flatMap((r) => r.docIds))];
  return {
    data: {
      label: input.label,
      operation: input.operation,
      formatted,
      formula,
      rows: done,
      inputs: [],
      docIds,
    },
    summary: `${input.label}: ${formatted}.`.slice(0, 2000),
    confidence: 1,
  };
}

/** Days (or weeks, months, years) from the first date to the second, as the sources date them. */
function dateDifference(input: CalculateInput) {
  const [from, to, unitInput] = input.inputs;
  const a = from ? parseDate(from.value) : null;
  const b = to ? parseDate(to.value) : null;
  if (!from || !to || !a || !b)
    throw new ToolError(
      "invalid_input",
      'date_difference needs two dates, such as "9 February 2025" or "2026-07-01"',
    );
  const unit = (unitInput?.value.trim().toLowerCase() ?? "days") as DurationUnit;
  if (!["days", "weeks", "months", "years"].includes(unit))
    throw new ToolError(
      "invalid_input",
      `date_difference's unit must be days, weeks, months or years, not "${unitInput?.value}"`,
    );
  const n = between(a, b, unit);
  const formatted = `${formatAmount(n)} ${unit}`;
  const docIds = [...new Set([from, to].flatMap((i) => (i.docId ? [i.docId] : [])))];
  const formula = `${from.label} ${from.value} → ${to.label} ${to.value} = ${formatted}`;
  return {
    data: {
      label: input.label,
      operation: input.operation,
      value: n,
      formatted,
      formula,
      inputs: input.inputs,
      docIds,
    },
    summary: `${input.label}: ${formatted} (${formula}).`,
    confidence: 1,
  };
}
