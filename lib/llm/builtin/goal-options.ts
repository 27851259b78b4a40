import { countIn } from "../../language/counts";
import {
  clausesOf,
  comparesByDegree,
  tagEnglish,
  withoutParticles,
  withSpellingMended,
} from "../../language/english";
import { excludedItems } from "../../language/exclusions";
import { CONVERTS, NUMBER_WORDS, requestedSpan } from "../../language/horizon";
import { absentNames, unindexedTopics } from "../../planner/plan-schema";
import { Operation } from "../../tools/calculate";
import { ASKS_DURATION } from "./derive-duration";
import { asksExtra } from "./derive-extra";
import { quotientAsked } from "./derive-quotient";
import { parseGoalTerms } from "./goal-terms";
import { asksRate } from "./rate-asked";
import { isChineseText } from "./text";

/**
 * The parts of a goal that say how to write rather than what to research: audience, language,
 * length and number of sources. They are found by pattern and cut out, so "for executives"
 * never becomes a research topic.
 */
export interface GoalOptions {
  audience: string | null;
  language: "en" | "zh";
  /** The user asked for a language explicitly (otherwise it is the goal's own). */
  explicitLanguage: boolean;
  maxWords: number | null;
  minSources: number | null;
  /** The forms the deliverable was asked in: a table, a memo, bullet points, a ranking. */
  formats: Format[];
  /** Figures to derive from the ones found: a gap, a ratio, a change, a share, a total. */
  derived: Operation[];
  /** What the requester supplied when asked (a figure, a name): facts of the request, not of the library. */
  given: string[];
  /** Changes of requirements the requester made mid-run, newest first. */
  changed: string[];
  /** What the request rules out ("leave Asia-Pacific out"): never presented as a finding. */
  excluded: string[];
  /** Names of the request no document in the library mentions (the run checked before planning). */
  absent: string[];
  /** The goal without the phrases above. */
  rest: string;
}

/** The constraint line recording an answer the requester gave during clarification. */
export const GIVEN = "Given by the requester:";
/** The constraint line listing what the request rules out. */
export const EXCLUDE = "Exclude:";
/** The constraint line recording a change of requirements made mid-run. */
export const CHANGED = "Changed by the requester:";

const AUDIENCE_EN =
  /\b(?:for|to|aimed at)\s+(?:the\s+|our\s+|a\s+|an\s+|my\s+|their\s+)?((?:non-technical\s+|technical\s+|senior\s+|busy\s+)?(?:executives?|exec(?:utive)? team|leadership(?: team)?|management|managers?|board(?: of directors)?|c-suite|ctos?|ceos?|cfos?|cios?|cisos?|vps?|engineers?|engineering(?: team)?|developers?|investors?|analysts?|buyers?|procurement(?: team)?|product managers?|sales(?: team)?|customers?|beginners?|students?|policy ?makers?|general (?:readers?|audience)))\b/i;
const AUDIENCE_ZH =
  /(?:给|面向|写给|供)\s*(高管|管理层|领导|老板|董事会|CTO|CEO|CFO|投资人|投资者|工程师|技术团队|开发者|分析师|采购团队|销售团队|客户|学生)(?:看|阅读|参考)?/i;
const LANG_ZH =
  /\b(?:in|into)\s+(?:simplified\s+)?(?:chinese|mandarin)\b|用中文(?:写|撰写)?|中文(?:撰写|写作|报告|版)/i;
const LANG_EN = /\b(?:in|into)\s+english\b|用英文(?:写|撰写)?|英文(?:撰写|报告|版)/i;
const LENGTH_EN =
  /\b(?:under|below|at most|no more than|not more than|less than|fewer than|max(?:imum)?(?: of)?|within|up to)\s+(\d[\d,]*)\s+words?\b|\b(\d[\d,]*)[- ]words?\b/i;
const LENGTH_ZH = /(?:不超过|少于|控制在)\s*(\d+)\s*(?:个)?(?:字|词)(?:以内)?|(\d+)\s*(?:个)?(?:字|词)以内/;
const SOURCES_EN =
  /\b(?:at least|min(?:imum)?(?: of)?|no fewer than)\s+(\d+|two|three|four|five|six|seven|eight|ten)\s+(?:different\s+|distinct\s+|independent\s+)?(?:sources|documents|references|citations|docs)\b/i;
const SOURCES_ZH =
  /至少\s*(\d+|两|二|三|四|五|六|十)\s*(?:个|份|篇|条)?\s*(?:不同的?)?(?:来源|文档|资料|引用|出处)/;

export type Format = "table" | "memo" | "bullets" | "ranking";

/** How a deliverable is asked to look: the checklist's format items (the words are cut from the topics). */
const FORMATS: [Format, RegExp][] = [
  [
    "table",
    /\b(?:(?:in\s+(?:a\s+)?)?(?:comparison|summary|side-by-side)\s+)?(?:table|tabular|matrix|grid)s?(?:\s+(?:format|form|layout|view))?\b|对比表|表格|列表对比/i,
  ],
  ["memo", /\b(?:memo|memorandum|one-pager|brief(?:ing)? note)s?\b|备忘录|简报/i],
  ["bullets", /\b(?:bullet(?:ed)?(?:\s+(?:points?|list))?|bullets)\b|要点列表|分点/i],
  [
    "ranking",
    /\b(?:rank(?:ed|ing)?|(?:order(?:ed)?|sort(?:ed)?)\s+(?:them\s+|it\s+)?by)\b|排名|排序|按.{1,8}排列/i,
  ],
];

/**
 * Derived figures a request asks for. The words stay in the goal (they also name what to find);
 * only the kind of arithmetic is recorded, and code does it (the calculate tool).
 */
const DERIVED: [Operation, RegExp][] = [
  [
    "percent_change",
    /(?:\b(?:percent(?:age)?|pct)\s+|(?<=\b(?:what|the)\s)%\s*)(?:change|growth|increase|decrease|decline|drop|rise|gain|fall|cut|improvement)\b|\b(?:(?:growth|increase|decrease|decline|drop|rise|gain|change|improvement|bigger|larger|smaller|higher|lower|grew|shrank|above|below)\b[^.?!;]{0,100}\b(?:in\s+(?:percent|per\s?cent)|in(?=\s*%)|as\s+a\s+percent(?:age)?)|(?<!\bcompound\s+annual\s+)growth\s+rate|by what (?:percent(?:age)?|share)|how much (?:did|has) .{1,40} (?:grow|grown|rise|risen|fall|fallen|change|changed|cut|drop|dropped)|(?:change|increase|decrease|growth)\s+(?:from|between)\s+(?:19|20)\d\d|how\s+(?:much|far|steep|sharp(?:ly)?|deep|badly|has|have|did)\b[^.?!;]{0,80}\b(?:drop(?:ped|s)?|f[ae]ll(?:en|s)?|risen|rose|gr[eo]wn|grew|shr[au]nk|declin(?:e|ed)|climb(?:ed)?|slid|mov(?:e|ed)|chang(?:e|ed)|jump(?:ed)?|slipped|increas(?:e|ed)|decreas(?:e|ed)|plung(?:e|ed)|soar(?:ed)?))\b|\bby what %|\bwhat\s+(?:%|percent(?:age)?)\s+(?:did|does|has|have|was|is|were)\b[^.?!;]{0,60}\b(?:cut|drop(?:ped)?|r[ai]se[nd]?|gr[eo]wn?|f[ae]ll(?:en)?|chang(?:e|ed)|increas(?:e|ed)|decreas(?:e|ed)|reduc(?:e|ed)|lower(?:ed)?|rais(?:e|ed))\b|增长率|增幅|降幅|同比|下调了?百分之?多少|降了百分之?多少|(?:涨|降|增|减|变化|变动)[^，。？！]{0,6}幅度|按百分比/i,
  ],
  [
    "cagr",
    /\b(?:average|avg|mean|typical)\s+(?:annual|yearly|per[- ]year|year-on-year)\s+(?:growth|increase|rise)(?:\s+rate)?\b|\bimplied\s+(?:CAGR|compound annual growth)|\b(?:CAGR|compound annual growth(?:\s+rate)?)\b[^.?!;]{0,40}\b(?:implied|imply|implies|work(?:s|ed)? out|does that|is that|was that)\b|\bwhat\s+(?:CAGR|compound annual growth(?:\s+rate)?)\b(?![^.?!;]{0,30}\bholds?\b)|\b(?:the|a)\s+(?:CAGR|compound annual growth(?:\s+rate)?)\s+(?:from|between)\s+(?:19|20)\d\d\s+(?:to|and|-|–)\s+(?:19|20)\d\d\b|年均(?:复合)?(?:增长率|增速|增幅)/i,
  ],
  ["sum", /\b(?:combined|together|sum of|added up|cumulative)\b|加起来|加总|总和|两者合计/i],
  [
    "mean",
    /\b(?:the|an?|their|its)\s+(?:average|mean)\b[^.?!;]{0,40}\b(?:across|among|of|over|for)\s+(?:them|these|those|all\b|the\s+(?:two|three|four|five|six|\d+)\b)|\b(?:give|add|include|show|state|with|plus)\s+(?:me\s+)?(?:the|their)\s+(?:average|mean)(?=\s*(?:[.;!?)]|$|,?\s+(?:too|as\s+well|also)\b))|平均值|平均数|取平均|算个平均/i,
  ],
  [
    "difference",
    /\b(?:gap|difference|diff|by how (?:much|many)|how many (?:percentage )?points|percentage points?|pts|points?\s+(?:change|rise|gain|drop|fall|increase|decrease|improvement|difference)|how much (?:more|less|extra|cheaper|higher|lower|bigger|smaller)|(?:more|less|cheaper|higher|lower) than|separates?\b.{1,40}?\bfrom|how far (?:behind|ahead)|spread (?:between|from)|absolute (?:terms|change|increase|growth|difference)|how (?:far|much) (?:\w+ )?(?:trails?|lags?|leads?)|how (?:far|much)\b[^.?!;]{0,60}\b(?:above|below|ahead of|behind|off|apart)|how far (?:is|are|was|were)\b[^.?!;]{0,40}\bfrom\b|how (?:big|large|wide|much) (?:is|was|are|were) [^.?!;]{0,40}\b(?:lead|edge|advantage)|sav(?:e|es|ed|ing|ings)|in (?:\$|dollars|usd|euros?|eur|pounds|sterling|gbp|yuan|rmb|yen|seconds|minutes|hours|days) (?:and|or) (?:in|as)(?= (?:a )?(?:%|percent)))\b|\bhow (?:big|large|wide) (?:is|was|are|were) (?:the |that |this )?spread\b|\b(?:what(?:'s| is| was)?|the)\s+spread\b(?!\s+(?:of|across|among)\s+(?:the\s+)?(?:\w+\s+)?(?:providers|vendors|firms|countries|regions|sites)\b)|差距|差额|相差|差多少|高出|低出|高多少|低多少|便宜多少|贵多少|百分点|节省|省下|省多少|(?:多|少|增加|减少|增长|下降|涨|降)了多少/i,
  ],
  [
    "ratio",
    /\b(?:(?:the|a|an|what|which|that|this|its|their|each)\s+(?:(?:highest|lowest|[\w-]+[- ]to[- ][\w-]+)\s+)?ratio|ratio\s+(?:of|between)|how many times|times (?:as|more|higher|lower|bigger)|(?:the|a|what) multiple(?=\s*(?:[.,;:?!)]|$|of\b|and\b)))\b|\d+(?:\.\d+)?\s?[x×]\b|倍/i,
  ],
  [
    "share",
    /\b(?:share of|as an? (?:percentage|share|proportion|fraction|portion) of|what (?:percent(?:age)?|share|proportion|fraction|portion|slice|chunk) of|what (?:percent(?:age)?|share|proportion|fraction) (?:is|are|was|were)\b|how (?:big|large) an? (?:share|slice|portion|chunk|fraction) of)\b|\bwhat % of\b|占比|所占比例|比重|(?<![抢霸])占(?![有用])[^。？！，,]{1,24}?的?(?:百分比|比例)|(?<![抢霸])占(?![有用])[^。？！，,]{1,24}?(?:百分之几|百分之多少|几成)/i,
  ],
  [
    "product",
    /\b(?:total|in all|altogether|bill|adds? up(?: to)?|comes? to|come out at|would cost|will cost|cost us)\b|总计|合计|总额|总共|总成本|加起来是/i,
  ],
];

/**
 * The clause of the request that asks for a derivation ("… and tell me how many times more often
 * Cortexa loops than Braidline"): its operands are the items named there, not the first items the
 * request lists. Clauses come from the English parser (commas, conjunctions, semicolons); Chinese
 * splits at its clause punctuation. Null when no single clause carries the cue.
 */
export function derivationClause(request: string, operation: Operation): string | null {
  const cue = DERIVED.find(([op]) => op === operation)?.[1];
  if (!cue) return null;
  const clauses = clausesOf(request);
  const own = clauses.find((c) => cue.test(c));
  if (own || operation !== "percent_change") return own ?? null;
  // "how much slower is Loomwork, in %": a comparison of degree asked in percent.
  return clauses.find((c) => IN_PERCENT.test(c) && comparesByDegree(c)) ?? null;
}

/** The calculation task's subject for one of several clauses asking one operation, by its words. */
export const CLAUSE_OF = "clause asked";

/**
 * "How much absolute growth from 2025 does it imply, and how far off is Halvard's number?": each
 * clause asking the operation is its own calculation, its words choosing its figures. A clause that
 * only says the unit of the one before ("in dollars and as a percentage") asks nothing of its own.
 * One clause (or none) asks one, from the whole request.
 */
export function clausesAsking(request: string, operation: Operation): string[] {
  const cue = derivationCue(operation);
  if (!cue) return [];
  // A clause naming nothing of its own (no item, year, figure or measure: "need the absolute
  // increase and the multiple") restates the one before it; "the year-one price difference per MW"
  // names a measure of its own.
  const own = (c: string) => /\d/.test(c) || parseGoalTerms(c).names.length > 0 || namesMeasure(c, cue);
  const asking = clausesOf(request).filter(
    (c) =>
      cue.test(c) &&
      !/^\s*(?:and\s+|or\s+)?(?:in|as|by)\b/i.test(c) &&
      !derivedElsewhere(c, operation) &&
      own(c),
  );
  return asking.length >= 2 ? asking.map((c) => c.trim()) : [];
}

/** Words of arithmetic and its units: no measure of their own. */
const ARITHMETIC_WORD =
  /^(?:gap|gaps|difference|diff|change|increase|decrease|growth|multiple|ratio|share|total|sum|average|mean|points?|percent(?:age)?|terms|dollars?|euros?|pounds|yuan|figure|number|amount|one|ones|thing|it|that|this|the|an?)$/i;

/** The clause names a measure besides its arithmetic ("the year-one price difference per MW"). */
function namesMeasure(clause: string, cue: RegExp): boolean {
  const rest = clause.replace(new RegExp(cue.source, cue.flags.replace("g", "")), " ");
  return tagEnglish(rest).some(
    (w) =>
      w.tags.has("Noun") &&
      !w.tags.has("Pronoun") &&
      !ARITHMETIC_WORD.test(w.text.replace(/[^\p{L}-]/gu, "")),
  );
}

/** A clause whose cue is another operation's first ("how much absolute growth" asks a gap, not a change). */
const derivedElsewhere = (clause: string, operation: Operation): boolean =>
  operation === "percent_change" && ABSOLUTE.test(clause) && !IN_PERCENT.test(clause);

/**
 * The request as one of its clauses asks the operation: the other clauses asking it are left out,
 * so the figures chosen are this clause's, with the rest of the request as their context.
 */
export function withOnlyClause(request: string, operation: Operation, clause: string): string {
  let out = request;
  for (const other of clausesAsking(request, operation)) if (other !== clause) out = out.replace(other, " ");
  return out.replace(/\s{2,}/g, " ");
}

/** The words that ask for an operation ("gap", "how many times", 差多少). */
export const derivationCue = (operation: Operation): RegExp | null =>
  DERIVED.find(([op]) => op === operation)?.[1] ?? null;

/** A phrase that itself asks for arithmetic ("annual total", "the price gap"): an operand's name, not an aspect. */
export const asksArithmetic = (phrase: string): boolean => DERIVED.some(([, re]) => re.test(phrase));

/** "Add up the market for 2024 and 2025": a sum asked by its phrasal verb ("adds up to" is a total's). */
const ADD_UP = /\badd(?:ing)?\s+up\b(?!\s+to\b)/i;

/** What a reduction takes away ("how much does the discount take off per year"), read before particles are dropped. */
const TAKES_OFF = /\b(?:takes?|took|taken|knocks?|knocked|shaves?|shaved)\s+off\b/i;

/** A phrase that is nothing but a request for arithmetic ("difference", "diff", 差额): no topic. */
export const onlyArithmetic = (phrase: string): boolean => {
  const text = phrase.trim();
  return DERIVED.some(([, re]) => re.exec(text)?.[0].trim().length === text.length);
};

/** A change asked in money or in absolute terms, not relative: "in dollar terms", "absolute growth", "in $". */
const ABSOLUTE =
  /\b(?:in\s+(?:dollar|money|cash|euro|usd|absolute|nominal)\s+terms|absolute(?:ly)?|in\s+(?:dollars|usd|euros?|yuan|pounds))\b|\bin\s+\$|绝对值|绝对额/i;

/** An answer asked in percent ("in % terms", "in percent", "as a percentage"). */
const IN_PERCENT =
  /\bin\s*(?:%|(?:percent(?:age)?|per\s?cent)\b)(?!\s*points?)|\bas\s+a\s+percent(?:age)?\b/i;

/** Money asked of something: with a count and a span ("what would 300 technicians cost per year"), a total. */
const COST =
  /\b(?:cost|costs|pay|paid|bill|spend|budget|price[ds]?|fees?|tco|cheap(?:er|est)?|pric(?:ey|ier|iest)|costl(?:y|ier|iest)|(?:more|less|most|least) expensive)\b|费用|成本|花费|付|订阅费|价格|标价|多少钱|买|购买/i;

/** The request asks an amount of money ("what would it cost", "how much would we pay"). */
export const asksMoney = (text: string): boolean => COST.test(text);

const ACRONYM = /^(?:ctos?|ceos?|cfos?|cios?|cisos?|vps?)$/i;

export function parseGoalOptions(goal: string): GoalOptions {
  let rest = ` ${goal} `;
  const take = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(rest);
    if (m) rest = `${rest.slice(0, m.index)} , ${rest.slice(m.index + m[0].length)}`;
    return m;
  };

  const en = take(AUDIENCE_EN);
  const zh = en ? null : take(AUDIENCE_ZH);
  const audience = en?.[1] ? normaliseAudience(en[1]) : (zh?.[1] ?? null);

  const wantsZh = take(LANG_ZH) !== null;
  const wantsEn = !wantsZh && take(LANG_EN) !== null;
  const length = take(LENGTH_EN) ?? take(LENGTH_ZH);
  const sources = take(SOURCES_EN) ?? take(SOURCES_ZH);
  const formats = FORMATS.filter(([, re]) => take(re) !== null).map(([f]) => f);
  // A total is a product only of a count the request gives ("for 150 technicians", "a 25-seat
  // team", "200 名技师"): asked as a total, or as what that many would cost over a span ("per year").
  // Not an amount of money ("41 美元", "USD 41 per technician").
  const counted = countIn(goal);
  const count = counted !== null;
  // Money asked where the request counts its units ("we've got 350 techs … 3yr TCO for the whole
  // fleet"), or over a span ("per year"): what that many cost in all. A count of the set the request
  // picks from ("which of the 3 vendors", "the prices of 4 vendors") is no units paid for.
  const units =
    counted !== null &&
    !new RegExp(`\\b(?:of|the|these|those)\\s+(?:the\\s+)?${counted.amount}(?!\\d)`, "i").test(goal);
  const costOverSpan = COST.test(goal) && (requestedSpan(goal) !== null || units);
  // "what it comes to per technician per year": a per-unit price restated over another span.
  const conversion = CONVERTS.test(goal) && !!requestedSpan(goal)?.rate;
  // Read for what it asks with its slips of typing mended ("+ the differnce").
  const asks = withoutParticles(withSpellingMended(goal));
  // An amount changed by a rate (a markup, a discount, growth projected) is asked of the goal as written.
  const rate = asksRate(goal) ? (["apply_rate"] as const) : [];
  const duration = ASKS_DURATION.test(goal) ? (["date_difference"] as const) : [];
  let degree: boolean | undefined;
  const byDegree = () => (degree ??= comparesByDegree(asks));
  const derived: Operation[] = DERIVED.filter(
    ([op, re]) =>
      (re.test(asks) ||
        (op === "product" && costOverSpan) ||
        (op === "sum" && (asksExtra(goal) || ADD_UP.test(goal))) ||
        (op === "difference" && (byDegree() || TAKES_OFF.test(goal))) ||
        // "how much cheaper is Quillon than Fernbrook, in % terms": a comparison of degree asked in percent.
        (op === "percent_change" && IN_PERCENT.test(asks) && byDegree())) &&
      (op !== "product" || count || conversion),
  ).map(([op]) => op);
  // The clauses that ask a percent change: not one that asks a yearly growth rate (the CAGR's).
  const percentCue = derivationCue("percent_change");
  const cagrCue = derivationCue("cagr");
  const percentClauses = clausesOf(goal).filter((c) => percentCue?.test(c));
  const changeClauses = percentClauses.filter((c) => !cagrCue?.test(c));
  // Growth asked in money or in absolute terms ("grow in dollar terms", "absolute growth") is a
  // difference; a change asked in percent as well ("in dollars and as a %") is both.
  const absolute = changeClauses.filter((c) => ABSOLUTE.test(c) && !IN_PERCENT.test(c));
  if (
    derived.includes("percent_change") &&
    percentClauses.length > 0 &&
    changeClauses.length === absolute.length
  ) {
    derived.splice(derived.indexOf("percent_change"), 1);
    if (absolute.length > 0 && !derived.includes("difference")) derived.push("difference");
  }
  // A rate applied comes first: what it projects or discounts is what the rest compares.
  derived.unshift(...rate);
  // A measure worked out per item from two ("stars per contributor"): one row per item.
  if (quotientAsked(goal)) derived.push("per_unit");
  derived.push(...duration);

  return {
    audience,
    language: wantsZh ? "zh" : wantsEn ? "en" : isChineseText(goal) ? "zh" : "en",
    explicitLanguage: wantsZh || wantsEn,
    maxWords: length ? toNumber(length[1] ?? length[2]) : null,
    minSources: sources ? toNumber(sources[1]) : null,
    formats,
    derived,
    given: [],
    excluded: excludedItems(goal),
    absent: [],
    changed: [],
    rest: rest.trim(),
  };
}

/** "cto" → "the CTO", "ctos" → "CTOs", "Executives" → "executives". */
function normaliseAudience(raw: string): string {
  const words = raw.trim().split(/\s+/);
  const text = words
    .map((w) => (ACRONYM.test(w) ? w.toUpperCase().replace(/S$/, "s") : w.toLowerCase()))
    .join(" ");
  const singularRole =
    /^(?:CTO|CEO|CFO|CIO|CISO|VP|board(?: of directors)?|leadership(?: team)?|management|c-suite)$/i;
  return singularRole.test(text) ? `the ${text}` : text;
}

function toNumber(raw: string | undefined): number | null {
  if (!raw) return null;
  const n = NUMBER_WORDS[raw.toLowerCase()] ?? Number(raw.replace(/,/g, ""));
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The constraint lines the clarifier records, in the goal's language; `readConstraints` parses them back. */
export function constraintLines(o: GoalOptions): string[] {
  const zh = o.language === "zh";
  const lines: string[] = [];
  if (o.language === "zh") lines.push("Language: Chinese (用中文撰写)");
  else if (o.explicitLanguage) lines.push("Language: English");
  if (o.maxWords)
    lines.push(
      zh
        ? `Length: at most ${o.maxWords} words (不超过 ${o.maxWords} 字)`
        : `Length: at most ${o.maxWords} words`,
    );
  if (o.minSources) lines.push(`Sources: cite at least ${o.minSources} documents that were read`);
  if (o.formats.length) lines.push(`Format: ${o.formats.join(", ")}`);
  if (o.derived.length) lines.push(`Derived figures: ${o.derived.join(", ")}`);
  if (o.excluded.length) lines.push(`${EXCLUDE} ${o.excluded.join("; ")}`);
  return lines;
}

/** Options as a later step sees them: the goal's own phrasing, then the recorded constraints. */
export function readConstraints(goal: string, constraints: readonly string[]): GoalOptions {
  const fromGoal = parseGoalOptions(goal);
  const joined = constraints.join(" ; ");
  const lang = /Language:\s*(Chinese|English)/i.exec(joined)?.[1];
  const length = /Length:\s*at most\s*(\d+)/i.exec(joined)?.[1];
  const sources = /Sources:\s*cite at least\s*(\d+)/i.exec(joined)?.[1];
  const fromConstraints = parseGoalOptions(joined);
  // Items are trimmed and checked: a later constraint line must not leak into the last one.
  const list = (re: RegExp) =>
    re
      .exec(joined)?.[1]
      ?.split(/,/)
      .map((x) => x.trim())
      .filter(Boolean);
  const formats = list(/Format:\s*([a-z, ]+)/i)?.filter((f): f is Format =>
    FORMATS.some(([known]) => known === f),
  );
  const derived = list(/Derived figures:\s*([a-z_, ]+)/i)?.filter(
    (d): d is Operation => Operation.safeParse(d).success,
  );
  return {
    ...fromGoal,
    language: lang ? (lang.toLowerCase() === "chinese" ? "zh" : "en") : fromGoal.language,
    maxWords: length ? Number(length) : (fromGoal.maxWords ?? fromConstraints.maxWords),
    minSources: sources ? Number(sources) : (fromGoal.minSources ?? fromConstraints.minSources),
    formats: [...new Set([...fromGoal.formats, ...(formats ?? [])])],
    derived: [...new Set([...fromGoal.derived, ...(derived ?? [])])],
    given: constraints.flatMap((c) => (c.startsWith(GIVEN) ? [c.slice(GIVEN.length).trim()] : [])),
    excluded: [
      ...new Set([
        ...fromGoal.excluded,
        ...constraints.flatMap((c) =>
          c.startsWith(EXCLUDE)
            ? c
                .slice(EXCLUDE.length)
                .split(";")
                .map((x) => x.trim())
                .filter(Boolean)
            : [],
        ),
      ]),
    ],
    changed: constraints.flatMap((c) => (c.startsWith(CHANGED) ? [c.slice(CHANGED.length).trim()] : [])),
    absent: [...(absentNames(constraints) ?? []), ...unindexedTopics(constraints)],
  };
}
