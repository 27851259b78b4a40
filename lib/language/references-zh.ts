import { type ChineseWord, isChineseNounTag, tagChinese } from "./chinese";

/**
 * The requester's own context in a Chinese request, found by the segmenter's parts of speech (the
 * English counterparts are in references.ts): a first-person relative clause before 的, a clause
 * placed in time before a demonstrative, and the whole of their own staff.
 */

/**
 * Chinese: a relative clause with a first-person subject before 的 — "我们架构组上周选定的那两个
 * 框架", "我们选的供应商" — found from jieba's parts of speech, not from a list of verbs.
 */
export function decidedElsewhereZh(text: string): string[] {
  // Spaces around a Latin name ("和 Fernbrook 谈") are not punctuation: the clause runs on.
  const words = tagChinese(text).filter((w) => w.text.trim() !== "");
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^(?:我们|我|我司|我方|咱们)$/.test(words[i]?.text ?? "")) continue;
    // "给我一份…": the requester as the one served, not a subject that decided something.
    if (/^(?:给|帮|替|为|让|向|请|叫)$/.test(words[i - 1]?.text ?? "")) continue;
    // "我们这种受监管的企业": a kind of organisation, which a source can describe, not a choice of theirs.
    if (/^(?:这种|那种|这类|那类|这样|此类)$/.test(words[i + 1]?.text ?? "")) continue;
    // "帮我把我们…": the subject is the last first-person word of the run.
    while (/^(?:我们|我|我司|我方|咱们)$/.test(words[i + 2]?.text ?? "") && words[i + 1]?.tag === "p") i += 2;
    for (let k = i + 1; k < Math.min(words.length - 1, i + 8); k++) {
      const w = words[k] as ChineseWord;
      if (w.tag === "x") break;
      const clause = words.slice(i + 1, k + 1);
      // A time word makes it an event of theirs too: "我们上个月试点的那家厂商" (the one piloted last month).
      const timed = clause.some((c) => c.tag === "t");
      // 的 closes the clause; so does a demonstrative after a clause placed in time and space
      // ("我们上次短名单上那家厂商": the one on last time's shortlist).
      const demonstrative = timed && /^[那这]/.test(words[k + 1]?.text ?? "") && words[k + 1]?.tag === "r";
      if (words[k + 1]?.tag !== "uj" && !demonstrative) continue;
      // The clause has a verb ("选定的", "定下来的": a verb and its complement) or says what is
      // theirs now ("现有的", a distinguishing word); a bare possessive ("我们的报告") is not one.
      // "谈好的": a verb with its result complement (an adjective) closes the clause too; a coverb
      // used as the verb ("现在用的": the one used now) does as well.
      if (
        !clause.some((c) => /^(?:v|zg|vn|b|t)$/.test(c.tag)) ||
        !(
          /^(?:v|zg|vn|b|t|a|p)$/.test(w.tag) ||
          (timed && /^(?:n|vn)$/.test(w.tag)) ||
          (demonstrative && w.tag === "f")
        )
      )
        break;
      let end = demonstrative ? k + 1 : k + 2;
      // The head noun phrase; a verb inside it modifies the noun right after it ("维修技师").
      while (
        end < words.length &&
        (/^(?:r|m|q|n|nz|vn|j|eng)/.test(words[end]?.tag ?? "") ||
          (words[end]?.tag === "v" && /^n/.test(words[end + 1]?.tag ?? "")))
      )
        end++;
      // Right after 的 a word tagged as a verb with nothing nominal after it heads the phrase as a
      // noun ("谈下来的折扣": the discount negotiated).
      // So does one right after a demonstrative ("那笔预算": that budget).
      const opened = demonstrative ? k + 1 : k + 2;
      const afterThat = /^[那这]/.test(words[end - 1]?.text ?? "") && end - 1 >= opened;
      const nominalised = (end === k + 2 || afterThat) && words[end]?.tag === "v";
      if (nominalised) end++;
      const hasNoun = nominalised || words.slice(opened, end).some((x) => isChineseNounTag(x.tag));
      if (hasNoun) {
        found.push(text.slice((words[i] as ChineseWord).start, (words[end - 1] as ChineseWord).end));
        i = end;
      }
      break;
    }
  }
  return found;
}

/**
 * "上周架构评审会上定下来的那三个候选框架": with no subject at all, a clause placed in time (上周) with a
 * verb, then 的 and a demonstrative (那/这) before the noun — the ones decided then, which only the
 * requester can name.
 */
export function decidedThenZh(text: string): string[] {
  // Spaces around a Latin name ("那家 Project X 厂商") are not punctuation: the phrase runs on.
  const words = tagChinese(text).filter((w) => w.text.trim() !== "");
  const found: string[] = [];
  for (let i = 1; i < words.length - 1; i++) {
    if (words[i]?.tag !== "uj" || !/^[那这]/.test(words[i + 1]?.text ?? "")) continue;
    const clause = words.slice(Math.max(0, i - 8), i);
    // Punctuation ends the clause; a word the dictionary lacks ("周会", also tagged x) does not.
    const stop = clause.findLastIndex((w) => w.tag === "x" && !/\p{Script=Han}/u.test(w.text));
    const own = clause.slice(stop + 1);
    // The verb: one the dictionary knows, or a word it lacks ("要进") in the clause.
    const verbLike = (w: ChineseWord) =>
      /^(?:v|vn)$/.test(w.tag) || (w.tag === "x" && /\p{Script=Han}/u.test(w.text));
    if (!own.some((w) => w.tag === "t") || !own.some(verbLike)) continue;
    let end = i + 2;
    while (
      end < words.length &&
      /^(?:r|m|q|n|nz|vn|v|j|eng)/.test(words[end]?.tag ?? "") &&
      words[end]?.tag !== "x"
    ) {
      if (isChineseNounTag(words[end]?.tag ?? "") && !/^(?:vn|eng)$/.test(words[end]?.tag ?? "")) {
        // The whole compound: "那个亚太国家", not "那个亚太".
        end++;
        while (end < words.length && isChineseNounTag(words[end]?.tag ?? "") && words[end]?.tag !== "eng")
          end++;
        break;
      }
      end++;
    }
    const head = words.slice(i + 1, end);
    if (!head.some((w) => isChineseNounTag(w.tag))) continue;
    const from = own.find((w) => w.tag === "t") as ChineseWord;
    found.push(text.slice(from.start, (words[end - 1] as ChineseWord).end));
    i = end;
  }
  return found;
}

/**
 * "给公司全部现场技师开通", "我们所有的门店": the whole of the requester's own staff or assets, counted
 * by nobody but them — a word of totality after the requester's side, and the noun phrase it
 * governs. None when the request gives a number of its own.
 */
export function ownTotalityZh(text: string): string[] {
  if (/\d/.test(text.replace(/(?:19|20)\d\d\s*年/g, ""))) return [];
  const words = tagChinese(text);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^(?:全部|所有|整个|全体)$/.test(words[i]?.text ?? "")) continue;
    // The side right before the word, or owning the noun phrase before it ("我们工厂的维修技师全部").
    let from = i;
    while (from > 0 && from > i - 6 && /^(?:n|vn|v|nz|j|uj|r)/.test(words[from - 1]?.tag ?? "")) from--;
    const side = words.slice(Math.min(from, Math.max(0, i - 3)), i);
    if (!side.some((w) => /^(?:我们|我司|我方|公司|本公司|咱们|我)$/.test(w.text))) continue;
    let end = i + 1;
    while (
      end < words.length &&
      (/^(?:n|vn|nz|j|uj)/.test(words[end]?.tag ?? "") || words[end]?.text === "的")
    )
      end++;
    // "我们工厂的维修技师全部换成…": the noun phrase is the one before the word of totality.
    if (!words.slice(i + 1, end).some((w) => isChineseNounTag(w.tag)) && from < i) {
      const start = words.slice(from, i).find((w) => /^(?:我们|我司|我方|公司|本公司|咱们|我)$/.test(w.text));
      if (start) {
        found.push(text.slice(start.start, (words[i] as ChineseWord).end));
        continue;
      }
    }
    if (words.slice(i + 1, end).some((w) => isChineseNounTag(w.tag))) {
      const start = side.find((w) => /^(?:我们|我司|我方|公司|本公司|咱们|我)$/.test(w.text)) as ChineseWord;
      found.push(text.slice(start.start, (words[end - 1] as ChineseWord).end));
      i = end;
    }
  }
  return found;
}
