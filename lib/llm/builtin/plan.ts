import { isAcronym } from "../../language/abbreviations";
import { clausesOf } from "../../language/english";
import type { GoalSpec, TaskGraph, TaskSpec } from "../../planner/plan-schema";
import type { Operation } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { asksPartOfCount, PART_OF_COUNT } from "./derive-count-part";
import { DURATION_OF, durationsAsked } from "./derive-duration";
import { asksExtra } from "./derive-extra";
import { AS_LISTED, GAP_OF_CHANGE, gapOfChangeSentence, OF_GAP, totalAsListedToo } from "./derive-gap-total";
import { PART_OF_WHOLE, partAsked } from "./derive-part";
import { partsAsked, SHARE_OF, SHARE_PART, sharesAsked } from "./derive-share";
import { PER_UNIT } from "./derive-upstream";
import { type Facet, MAX_FACETS, type ResearchFrame, researchFrame } from "./frame";
import { CLAUSE_OF, clausesAsking, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { firstOf } from "./lineups";
import {
  calcTask,
  checkTask,
  draftTask,
  extractTask,
  readTask,
  reportTask,
  searchTask,
  tableTask,
} from "./plan-tasks";
import { asksRate } from "./rate-asked";
import { isStopWord, joinList, matchTerms, mentions, ruledOutBy, tokens } from "./text";

/** Which optional parts a plan has; shrunk step by step until it fits `maxTasks`. */
interface Shape {
  facets: number;
  extract: boolean;
  table: boolean;
  draft: boolean;
  check: boolean;
  report: boolean;
  moreSources: boolean;
  /** Calculations asked for (one task each). */
  derived: number;
}

const size = (s: Shape): number =>
  (s.facets + Number(s.moreSources)) * (2 + Number(s.extract)) +
  Number(s.table) +
  s.derived +
  Number(s.draft) +
  Number(s.check) +
  Number(s.report);

/**
 * A research plan from the goal's own terms: per facet search → read → extract, then (when
 * comparing) a table, a draft, a citation check and the composed report as the one deliverable.
 */
export function planResearch(
  spec: GoalSpec,
  goal: string,
  tools: ReadonlySet<string>,
  maxTasks: number,
): TaskGraph {
  const full = researchFrame(spec, goal);
  let shape: Shape = {
    facets: full.facets.length,
    extract: tools.has("extract"),
    table: full.entities.length >= 2 && tools.has("write"),
    draft: tools.has("write"),
    check: tools.has("check_citations") && tools.has("write"),
    report: tools.has("compose_report"),
    // The facets search with their own words; one more search with the whole request's words finds
    // what the request asks for beyond them (and the further sources a "at least N sources" needs).
    moreSources:
      tools.has("search") &&
      tools.has("read") &&
      ((full.options.minSources ?? 0) > READ_PER_TASK || requestAsksMore(full)),
    derived: tools.has("calculate") ? Math.min(MAX_DERIVED, calculationsOf(full).length) : 0,
  };
  const dropped: string[] = [];
  // Cheapest loss first: the table repeats the sections, the check only guards the draft.
  const steps: [string, (s: Shape) => Shape | null][] = [
    ["the extra sources", (s) => (s.moreSources ? { ...s, moreSources: false } : null)],
    ["the comparison table", (s) => (s.table ? { ...s, table: false } : null)],
    ["the citation check", (s) => (s.check ? { ...s, check: false } : null)],
    ["separate facets (merged)", (s) => (s.facets > 1 ? { ...s, facets: s.facets - 1 } : null)],
    ["a derived figure", (s) => (s.derived > 0 ? { ...s, derived: s.derived - 1 } : null)],
    ["the draft", (s) => (s.draft && s.report ? { ...s, draft: false, check: false } : null)],
    ["the extraction step", (s) => (s.extract && (s.report || s.draft) ? { ...s, extract: false } : null)],
  ];
  for (const [what, step] of steps) {
    while (size(shape) > maxTasks) {
      const next = step(shape);
      if (!next) break;
      shape = next;
      if (!dropped.includes(what)) dropped.push(what);
    }
  }
  const frame = shape.facets === full.facets.length ? full : researchFrame(spec, goal, shape.facets);
  const tasks = buildTasks(frame, shape);
  return { rationale: rationale(frame, shape, dropped, maxTasks), tasks };
}

function buildTasks(frame: ResearchFrame, shape: Shape): TaskSpec[] {
  const tasks: TaskSpec[] = [];
  const research: string[] = [];
  frame.facets.forEach((facet, index) => {
    const i = index + 1;
    tasks.push(searchTask(frame, `s${i}`, facet));
    tasks.push(readTask(frame, `r${i}`, facet, `s${i}`));
    if (shape.extract) tasks.push(extractTask(frame, `x${i}`, facet, [`r${i}`]));
    research.push(shape.extract ? `x${i}` : `r${i}`);
  });
  if (shape.moreSources) {
    // More sources than the facets' reads will bring: one more read of documents none of them read.
    const all = moreSourcesFacet(frame);
    const reads = frame.facets.map((_, index) => `r${index + 1}`);
    // After the facets' reads in a Chinese request: what they read glosses its measures into the
    // English names other documents use.
    tasks.push(searchTask(frame, "s-more", all, all.query, 2, frame.zh ? reads : []));
    tasks.push(readTask(frame, "r-more", all, "s-more", reads));
    if (shape.extract) tasks.push(extractTask(frame, "x-more", all, ["r-more"]));
    research.push(shape.extract ? "x-more" : "r-more");
  }
  const calculations: string[] = [];
  calculationsOf(frame)
    .slice(0, shape.derived)
    .forEach((c, k) => {
      // A gap or ratio after per-item totals compares those totals: it waits for them.
      // Each calculation may use those before it ("their combined size", then its share of the whole).
      const task = calcTask(frame, `calc${k + 1}`, c.operation, [...research, ...calculations], c.subject);
      tasks.push(task);
      calculations.push(task.id);
    });
  let last = [...research, ...calculations];
  if (shape.table) {
    tasks.push(tableTask(frame, research));
    last = [...last, "table"];
  }
  if (shape.draft) {
    tasks.push(draftTask(frame, last));
    last = ["draft"];
  }
  if (shape.check) {
    tasks.push(checkTask(frame, ["draft"]));
    last = ["check"];
  }
  if (shape.report) {
    tasks.push(reportTask(frame, last, frame.facets.length));
  } else {
    // Without compose_report the last step written is what the user gets.
    const end = tasks.findLast((t) => t.tool === "write" && t.id === "draft") ?? tasks.at(-1);
    if (end) end.deliverable = true;
  }
  return tasks;
}

/** Words that set two items side by side: "compare with", "than", "vs", "cheaper". */
const COMPARES =
  /\b(?:compare[sd]?|comparison|than|vs\.?|versus|against|cheaper|dearer|pricier)\b|(?<!占)比(?!例|重|率)/iu;

/** Calculations one plan makes at most. */
const MAX_DERIVED = 6;

/**
 * The calculations asked for, in order. A total asked of each item compared ("the yearly bill on
 * each, and how much more one costs") is one total per item, before the gap that compares them.
 */
function calculationsOf(frame: ResearchFrame): { operation: Operation; subject?: string }[] {
  const request = frame.request;
  const durations = apart(calculationsAsked(frame), "date_difference", durationsAsked(request), DURATION_OF);
  const shares = (["difference", "percent_change", "ratio"] as const).reduce(
    (calcs, op) => apart(calcs, op, clausesAsking(request, op), CLAUSE_OF),
    apart(durations, "share", sharesAsked(request), SHARE_OF),
  );
  // One share per part a single clause names ("China and Japan each").
  const parts = partsAsked(request);
  return parts.length > 0 && shares.filter((c) => c.operation === "share").length === 1
    ? shares.flatMap((c) =>
        c.operation === "share" && !c.subject
          ? parts.map((p) => ({ operation: c.operation, subject: `${SHARE_PART}: ${p}` }))
          : [c],
      )
    : shares;
}

/**
 * One calculation asked in several places, each its own ("How many days did the fix take? And how
 * long between the rule and IASS-2?"; "What share of Asia-Pacific? And of the global market?"):
 * one calculation per sentence or clause, in place of the one, its words as the subject.
 */
function apart(
  calculations: { operation: Operation; subject?: string }[],
  operation: Operation,
  asked: readonly string[],
  label: string,
): { operation: Operation; subject?: string }[] {
  if (asked.length === 0) return calculations;
  return calculations.flatMap((c) =>
    c.operation === operation && !c.subject
      ? asked.map((words) => ({ operation, subject: `${label}: ${words}` }))
      : [c],
  );
}

function calculationsAsked(frame: ResearchFrame): { operation: Operation; subject?: string }[] {
  const ops = frame.options.derived;
  // The items: those compared, or — when a gap or ratio is asked of totals — the names the request gives.
  const all = parseGoalTerms(parseGoalOptions(frame.request).rest).names;
  // "going by Kestrel's per-task costs": a name whose figures are used (a possessive) is a source,
  // not an item — when the request names items enough without it.
  const owners = all.filter((n) =>
    new RegExp(`${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}['’]s?\\s`, "u").test(frame.request),
  );
  // A maker named beside its product ("Fernbrook's volume discount" on "Fernbrook FieldMate") is one item.
  const one = all.filter((n) => !all.some((o) => o !== n && o.startsWith(`${n} `)));
  const names = one.length - owners.length >= 2 ? one.filter((n) => !owners.includes(n)) : one;
  const items =
    frame.entities.length >= 2
      ? frame.entities
      : (ops.includes("difference") || ops.includes("ratio")) && names.length >= 2 && names.length <= 3
        ? names
        : [];
  // A part the documents give only as a share of a whole ("an estimate of its revenue").
  // (A change of requirements may be what asks it: "改一下需求：重点算出中国制造业的支出".)
  const part = partsOf([frame.request, ...frame.options.changed].join("\n"), frame.entities);
  // What a change in one price comes to for the fleet: the gap per unit, then its total.
  const changed = gapOfChangeSentence([frame.request, ...frame.options.changed].join("\n"));
  if (changed) {
    const adjust = ops.filter((op) => adjusts(op, frame.request));
    const rest = ops.filter((op) => op !== "difference" && op !== "product" && !adjust.includes(op));
    // The rest of the request compares the item with another ("how does their new bill compare
    // with Fernbrook at list"): each one's total, then their gap.
    const elsewhere = frame.request.replace(changed, " ");
    const sides = names.filter((n) => mentions(elsewhere, firstOf(n)) || mentions(changed, firstOf(n)));
    const compared = sides.length >= 2 && COMPARES.test(elsewhere) && ops.includes("product");
    return [
      ...adjust.map((operation) => ({ operation })),
      { operation: "difference" as const, subject: GAP_OF_CHANGE },
      { operation: "product" as const, subject: OF_GAP },
      ...rest.map((operation) => ({ operation })),
      ...(compared
        ? [
            ...sides.slice(0, 2).map((subject) => ({ operation: "product" as const, subject })),
            { operation: "difference" as const },
          ]
        : []),
      ...part,
    ];
  }
  // Each named item projected at its own rate ("project Europe and Asia-Pacific to 2030 … which ends
  // up bigger"), before what compares the projections.
  // An acronym ("CAGRs", "TCO") names a measure, not an item to project.
  // With no items compared, the names coordinated in the clause that says the year projected to, in
  // the sentence asking the projection ("At … growth rates, how big will Asia-Pacific and North
  // America each be in 2030") — not names another clause of it lists ("China and Japan each").
  const rateSentence = splitSentences(frame.request).find((c) => asksRate(c)) ?? "";
  const toYear = clausesOf(rateSentence).filter((c) =>
    /\b(?:by|in|to|for|through|until)\s+(?:19|20)\d\d\b/i.test(c),
  );
  const projected = (
    items.length >= 2 ? items : toYear.flatMap((c) => parseGoalTerms(c).coordinatedNames)
  ).filter((n) => !isAcronym(n));
  if (ops.includes("apply_rate") && !ops.includes("product") && projected.length >= 2) {
    const perItem = projected
      .slice(0, MAX_DERIVED - 1)
      .map((subject) => ({ operation: "apply_rate" as const, subject }));
    return [
      ...perItem,
      ...ops.filter((op) => op !== "apply_rate").map((operation) => ({ operation })),
      ...part,
    ];
  }
  if (!ops.includes("product") || items.length < 2) {
    // Parts are amounts worked out (stage 1): after what adjusts, before what compares them.
    // A total asked at the listed price too comes first, before anything adjusts the price.
    const listed =
      ops.includes("product") && totalAsListedToo(frame.request)
        ? [{ operation: "product" as const, subject: AS_LISTED }]
        : [];
    const staged = [
      ...listed,
      ...inDataflowOrder(ops, frame.request).map((operation) => ({ operation })),
    ] as { operation: Operation; subject?: string }[];
    const cut = staged.findIndex((c) => stageOf(c.operation, frame.request) === 2);
    return cut < 0 ? [...staged, ...part] : [...staged.slice(0, cut), ...part, ...staged.slice(cut)];
  }
  const perItem = items
    .slice(0, MAX_DERIVED - 1)
    .map((subject) => ({ operation: "product" as const, subject }));
  // Totals of a count × each item's per-unit figure: their gap is asked, and so is the gap per unit
  // ("the per-technician gap, and that gap across the whole fleet") — after it, so a tight plan keeps the total's.
  const perUnitGap = ops.includes("difference")
    ? [{ operation: "difference" as const, subject: PER_UNIT }]
    : [];
  // A discount, a markup or an add-on changes the per-unit figure the totals multiply: it comes first.
  const adjust = ops.filter((op) => adjusts(op, frame.request));
  // Two items' totals set side by side ("how does that compare with putting everyone on Quillon
  // Scout") are compared by their gap, when no other comparison is asked.
  const compared =
    !ops.includes("difference") &&
    !ops.includes("ratio") &&
    !ops.includes("percent_change") &&
    COMPARES.test(frame.request)
      ? [{ operation: "difference" as const }]
      : [];
  return [
    ...adjust.map((operation) => ({ operation })),
    ...perItem,
    ...ops.filter((op) => op !== "product" && !adjust.includes(op)).map((operation) => ({ operation })),
    ...compared,
    ...perUnitGap,
    ...part,
  ];
}

/** An operation that changes one figure (a rate applied, an extra added on top) rather than relating two. */
const adjusts = (op: Operation, request: string): boolean =>
  op === "apply_rate" || (op === "sum" && asksExtra(request));

/**
 * Arithmetic in the order its results feed each other: figures adjusted first (a discount, an
 * add-on), then scaled (a count × a per-unit price), then related (a gap, a ratio, a share) — each
 * later calculation uses what the earlier ones made.
 */
function inDataflowOrder(ops: readonly Operation[], request: string): Operation[] {
  return [...ops].sort((a, b) => stageOf(a, request) - stageOf(b, request));
}

const stageOf = (op: Operation, request: string): number =>
  adjusts(op, request) ? 0 : op === "product" ? 1 : 2;

/**
 * Parts the documents give only as a share of a whole ("an estimate of its revenue"): one per item
 * when the clause asking names several ("convert Fernbrook's and Quillon's shares into dollar revenue").
 */
function partsOf(
  request: string,
  entities: readonly string[] = [],
): { operation: "product"; subject: string }[] {
  // "how many of the 1240 respondents were manufacturing": a share of a count the request gives.
  if (asksPartOfCount(request)) return [{ operation: "product", subject: PART_OF_COUNT }];
  const m = partAsked(request);
  if (!m) return [];
  const clause = clausesOf(request).find((c) => c.includes(m[0].slice(0, 40))) ?? "";
  const coordinated = parseGoalTerms(clause).coordinatedNames.filter((n) => !isAcronym(n));
  // "for Fernbrook and for Nordvale Systems": the sides compared, when the clause names them all.
  const sides = entities.length >= 2 && entities.every((e) => mentions(clause, firstOf(e))) ? entities : [];
  const named = (coordinated.length >= 2 ? coordinated : sides).slice(0, MAX_DERIVED - 2);
  return named.length >= 2
    ? named.map((item) => ({ operation: "product" as const, subject: `${PART_OF_WHOLE}: ${item}` }))
    : [{ operation: "product" as const, subject: PART_OF_WHOLE }];
}

/** Every facet at once: the extra read serves the report as a whole, searched with the request's words. */
function moreSourcesFacet(frame: ResearchFrame): Facet {
  const first = frame.facets[0] as Facet;
  return {
    label: frame.zh ? "更多来源" : "Further sources",
    names: frame.facets.flatMap((f) => f.names),
    query:
      requestQuery(latestRequest(frame), searchedTerms(frame), ruledOutBy(frame.options.excluded)) ||
      first.query,
    topic: frame.facets.map((f) => f.topic).join(" "),
  };
}

const MAX_REQUEST_WORDS = 24;
/** Documents one read task reads by default. */
const READ_PER_TASK = 3;
/** Words the request has beyond its facets' queries before a search of its own is worth its cost. */
const MIN_NEW_TERMS = 2;

/** The request names more than its facets search for ("…and the share of calls that repeated one"). */
function requestAsksMore(frame: ResearchFrame): boolean {
  const searched = new Set(frame.facets.flatMap((f) => [...matchTerms(f.query)]));
  const extra = [...matchTerms(requestQuery(frame.request))].filter((t) => !searched.has(t));
  return extra.length >= MIN_NEW_TERMS;
}

/**
 * The request's own content words as one query: the library's ranking (BM25) weighs the rare ones,
 * so the measure asked for ("repeated calls", "list prices") counts for more than the subject.
 */
/**
 * The request as it stands: a change of requirements first (newest first: "add each one's
 * enterprise readiness score"), then the goal. The facets searched before the change did not look
 * for what it adds.
 */
const latestRequest = (frame: ResearchFrame): string =>
  [...frame.options.changed, frame.request].join(" \n ");

export function requestQuery(
  request: string,
  searched: ReadonlySet<string> = new Set(),
  /** Words of what the request rules out ("drop Cortexa and Braidline"): not searched for. */
  out: (word: string) => boolean = () => false,
): string {
  const seen = new Set<string>();
  const fresh: string[] = [];
  const known: string[] = [];
  for (const t of tokens(request)) {
    if (t.kind !== "word" || isStopWord(t.text) || /^\d+$/.test(t.text) || out(t.text)) continue;
    const key = t.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    // What the facets' searches do not cover comes first: a long request's last words are what
    // this search is for ("…then Halden's three-year total cost per technician").
    const covered = [...matchTerms(t.text)].every((m) => searched.has(m));
    (covered ? known : fresh).push(t.text);
  }
  return [...fresh, ...known].slice(0, MAX_REQUEST_WORDS).join(" ").slice(0, 300);
}

const searchedTerms = (frame: ResearchFrame): Set<string> =>
  new Set(frame.facets.flatMap((f) => [...matchTerms(f.query)]));

function rationale(frame: ResearchFrame, shape: Shape, dropped: string[], maxTasks: number): string {
  const labels = frame.facets.map((f) => f.label).join("; ");
  const chain = shape.extract ? "searched, read and mined for facts" : "searched and read";
  const tail = [
    shape.table ? "a comparison table" : "",
    shape.draft ? "a draft" : "",
    shape.check ? "a citation check" : "",
    shape.report ? "the composed report" : "",
  ].filter(Boolean);
  const kind =
    frame.entities.length >= 2
      ? `Comparing ${joinList(frame.entities, false)}`
      : `Researching ${frame.title}`;
  const facets = `${frame.facets.length} facet${frame.facets.length === 1 ? "" : "s"} (${labels})`;
  const fit = dropped.length ? ` To stay within ${maxTasks} tasks: dropped ${dropped.join(", ")}.` : "";
  const capped = frame.facets.length === MAX_FACETS && frame.facets.some((f) => f.names.length > 1);
  return (
    `${kind}: ${facets}, each ${chain}; then ${joinList(tail, false) || "nothing more"}.` +
    (capped ? ` At most ${MAX_FACETS} facets, so the last one covers several terms.` : "") +
    fit
  ).slice(0, 2000);
}
