import nlp from "compromise";
import { isSubjectMatter } from "./english";
/**
 * What a sentence says a percentage is a share of. "Manufacturing accounts for 38% of Chinese
 * spending" says the part (manufacturing) and the whole (Chinese spending); a figure's name alone
 * ("China manufacturing share: 38%") does not say which of its two words is the part. English:
 * the part is the subject before a verb of holding ("accounts for", "makes up", "represents",
 * "holds", "is"), the whole what follows "N% of"; or "N% of <whole> comes from <part>". Chinese:
 * <part>占/贡献了<whole>…N%, or <whole>中 N% 来自<part>. A place the sentence opens on ("In China,",
 * 在中国，) is where the whole is.
 */
export interface ShareStatement {
  part: string;
  whole: string;
  /** The percentage as written ("38%"). */
  value: string;
  sentence: string;
}

const HEDGE = String.raw`(?:(?:about|around|roughly|some|nearly|almost|over|under|just over|just under|approximately|an estimated|close to|more than|less than)\s+)?`;
const PCT = String.raw`(\d+(?:\.\d+)?\s?%)`;
const VERB = String.raw`(?:accounts?\s+for|accounted\s+for|makes?\s+up|made\s+up|represents?|represented|contributes?|contributed|comprises?|comprised|holds?|held|takes?|took|captures?|captured|commands?|commanded|is|are|was|were)`;
/** A whole's words: up to a clause's edge, a number's decimal point or thousands comma kept. */
const WHOLE_CHARS = String.raw`(?:[^.,;:()!?]|(?<=\d)[.,](?=\d))`;
/** Where a whole's words stop: a clause's edge, or a word that starts a new thought. */
const WHOLE_END = String.raw`(?=\s*(?:[.,](?!\d)|[;:()!?]|$|\s(?:because|as|while|and|but|since|which|well|up|down|compared|versus|vs|against|in\s+(?:19|20)\d\d|by\s+(?:19|20)\d\d)\b))`;

const EN_PART_FIRST = new RegExp(
  String.raw`(?:^|[,;:]\s*|\b(?:while|and|but|whereas)\s+)((?:the\s+)?[\p{L}][\p{L}\d'’ -]{1,40}?)\s+${VERB}\s+${HEDGE}${PCT}\s+of\s+(?:the\s+|its\s+|their\s+|all\s+)?(${WHOLE_CHARS}{2,60}?)${WHOLE_END}`,
  "giu",
);
const EN_WHOLE_FIRST = new RegExp(
  String.raw`${HEDGE}${PCT}\s+of\s+(?:the\s+|its\s+|their\s+|all\s+)?(${WHOLE_CHARS}{2,50}?)\s+(?:comes?|came|goes|went|is\s+spent\s+(?:in|by|on)|was\s+spent\s+(?:in|by|on))\s+(?:from|to)?\s*(?:the\s+)?([\p{L}][\p{L}\d'’ -]{1,40}?)${WHOLE_END}`,
  "giu",
);
const ZH_PART_FIRST =
  /(?:^|[，,；;：:。])\s*([^，,；;：:。\d%（）()]{1,16}?)\s*(?:贡献了|贡献|占据了|占据|占了|(?<![抢霸攻])占(?![有用]))\s*([^，,；;：:。\d%]{1,24}?)\s*(?:的)?\s*(?:约|大约|近|超过|将近)?\s*(\d+(?:\.\d+)?\s?%)\s*(?:的)?\s*(收入|营收|份额|支出|销售额|市场)?/gu;
const ZH_WHOLE_FIRST =
  /(?:^|[，,；;：:。])\s*([^，,；;：:。\d%]{1,24}?)(?:中|里|当中)[，,]?\s*(?:约|大约|近|超过)?\s*(\d+(?:\.\d+)?\s?%)\s*(?:来自|是|为|属于)\s*([^，,；;：:。\d%]{1,16})/gu;

/** "In China," / "在中国，": the place a sentence opens on. */
const EN_SETTING = /^\s*In\s+((?:the\s+)?\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)*)\s*,/u;
const ZH_SETTING = /^\s*在([^，,。]{1,10}?)(?:市场)?[，,]/u;

const DETERMINER = /^(?:the|a|an|its|their|this|that|these|those)\s+/i;
/** Adverbs between a subject and its verb ("manufacturing already accounts for"). */
const ADVERBS = /(?:(?:^|\s+)(?:already|now|alone|together|currently|still|also|only|combined|today))+$/i;
const tidy = (s: string): string =>
  s
    .replace(/^(?:and|but|while|whereas|or)\s+/i, "")
    .replace(DETERMINER, "")
    .replace(ADVERBS, "")
    .replace(/^了/u, "")
    .replace(/\s+/g, " ")
    .trim();
/** A whole is words of a thing: not a grammar word left over ("了"), nor the start of a change ("份额从"). */
const isWhole = (s: string): boolean => /\p{L}{2,}|\p{Script=Han}{2,}/u.test(s) && !/(?:从|由|自)$/u.test(s);
/**
 * A part is words, not a number or a bare pronoun, and one thing: a counted group ("Four vendors
 * … hold 84%", "两家厂商") is several parts together, which no single item's question asks about.
 */
const isPart = (s: string): boolean =>
  /\p{L}{2,}/u.test(s) &&
  !/\b(?:it|they|we|you|this|that|these|those|which|who|there|here)\b|^(?:其|它|这|那)$/iu.test(s) &&
  !countedGroup(s);

const countedGroup = (s: string): boolean =>
  /^[两二三四五六七八九十几\d]+\s*(?:家|个|款|种|大)/u.test(s) || nlp(s).match("^#Cardinal #Plural").found;

export function shareStatements(sentence: string): ShareStatement[] {
  const out: ShareStatement[] = [];
  // A place, not a time ("In March,", "在2024年，").
  const opening = EN_SETTING.exec(sentence)?.[1] ?? ZH_SETTING.exec(sentence)?.[1];
  const setting = opening && isSubjectMatter(opening) && !/\d/.test(opening) ? opening : undefined;
  const withSetting = (whole: string) =>
    setting && !whole.toLowerCase().includes(setting.toLowerCase()) ? `${setting} ${whole}` : whole;
  const add = (part: string, whole: string, value: string) => {
    const p = tidy(part);
    const w = tidy(whole);
    if (!isPart(p) || !isWhole(w)) return;
    out.push({ part: p, whole: withSetting(w), value: value.replace(/\s+/g, ""), sentence });
  };
  for (const m of sentence.matchAll(EN_PART_FIRST)) add(m[1] ?? "", m[3] ?? "", m[2] ?? "");
  for (const m of sentence.matchAll(EN_WHOLE_FIRST)) add(m[3] ?? "", m[2] ?? "", m[1] ?? "");
  for (const m of sentence.matchAll(ZH_PART_FIRST)) add(m[1] ?? "", `${m[2] ?? ""}${m[4] ?? ""}`, m[3] ?? "");
  for (const m of sentence.matchAll(ZH_WHOLE_FIRST)) add(m[3] ?? "", m[1] ?? "", m[2] ?? "");
  return out;
}
