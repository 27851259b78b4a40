/**
 * Every mention of the name in the request stands in a phrase of place: after "in", "across",
 * "within", "outside" or "throughout", alone or in a list of names ("in Southeast Asia (Vietnam,
 * Thailand, Indonesia)").
 */
export function placeOnly(name: string, goal: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const mentions = [...goal.matchAll(new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "gu"))];
  if (mentions.length === 0) return false;
  const place =
    /\b(?:in|across|within|outside|throughout)\s+(?:the\s+)?(?:\p{Lu}[\p{L}-]*(?![\p{L}-])[\s,()]*(?:(?:and|or)\s+)?)*$/u;
  return mentions.every((m) => place.test(goal.slice(0, m.index)));
}

const mentionsOf = (name: string, text: string) => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...text.matchAll(new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "gu"))];
};

/** The name is in the text, and every mention of it passes `test` on the text before and after it. */
const everyMention = (name: string, text: string, test: (before: string, after: string) => boolean) => {
  const mentions = mentionsOf(name, text);
  return (
    mentions.length > 0 &&
    mentions.every((m) => test(text.slice(0, m.index ?? 0), text.slice((m.index ?? 0) + name.length)))
  );
};

/**
 * Every mention of the name is in the requester's description of themselves: "we're a Suzhou
 * plant", "we are based in Hamburg", "I'm with a Lyon co-op". It says who asks, not what to find.
 */
export function describesRequester(name: string, goal: string): boolean {
  const mentions = mentionsOf(name, goal);
  if (mentions.length === 0) return false;
  // From the clause's opening first-person copula to the name: an article or a place word first
  // ("a", "based in"), then at most two other words ("a mid-size"), none that starts a phrase of its
  // own — "we're deciding between X", "we're in talks with X" name what they ask about.
  const self =
    /(?:^|[.;:!?(,—–-]\s*|\b(?:and|but|so)\s+)(?:we|i)\s*(?:['’]re|['’]m|\s+are|\s+am)\s+(?:(?:a|an|the|one|based|located|headquartered|in|at|from|with|out\s+of|part\s+of)\s+)+(?:(?!(?:with|between|about|on|for|to|of|and|or|than|vs)\s)[\p{Ll}-]+\s+){0,2}$/iu;
  return mentions.every((m) => self.test(goal.slice(0, m.index)));
}

/** What a report is prepared for: a meeting, a call, a deck, a board. */
const OCCASION =
  /^\s+(?:[\p{L}-]+\s+)?(?:calls?|meetings?|decks?|slides?|presentations?|reviews?|pitch(?:es)?|briefings?|boards?|syncs?|catch-?ups?|offsites?|workshops?|demos?|negotiations?|sessions?|interviews?|standups?|talks?)(?![\p{L}\d])/iu;
/** What comes before it: "for the", "before my", "ahead of". */
const FOR_OCCASION =
  /\b(?:for|before|after|ahead\s+of|during)\s+(?:(?:the|our|my|a|an|this|next|tomorrow['’]s|today['’]s)\s+)?$/iu;

/**
 * Every mention of the name modifies the occasion the report is prepared for: "for the LatAm board
 * deck", "before my supplier call", "ahead of the Acme review". Whom or what the meeting is with is
 * no subject to research, and nothing to ask about.
 */
export function occasionOnly(name: string, text: string): boolean {
  // A possessive reference ("my supplier") brings its own determiner.
  return everyMention(name, text, (before, after) => FOR_OCCASION.test(before) && OCCASION.test(after));
}

/** A requesting verb right after the requester's own person or team ("… lead wants", "… team asked"). */
const REQUESTS =
  /^\s+(?:[\p{Ll}-]+\s+){0,2}?(?:(?:has|have|had|is|are|was|were|would|just)\s+)?(?:wants?|wanted|asks?|asked|asking|needs?|needed|requests?|requested|requesting|would\s+like)\b/iu;

/**
 * Every mention of the name is in the requester's own person or team who asks: "Our LatAm lead
 * wants a number", "my EMEA team asked". Whom the request comes from is no subject to research.
 */
export function asksOnBehalf(name: string, goal: string): boolean {
  return everyMention(
    name,
    goal,
    (before, after) => /\b(?:our|my)\s+$/iu.test(before) && REQUESTS.test(after),
  );
}

/** Every mention of the phrase is who asks ("Our LatAm lead wants …"): the one the request comes from. */
export const isAsker = (phrase: string, goal: string): boolean =>
  everyMention(phrase, goal, (_, after) => REQUESTS.test(after));

/** A noun that names a site: where something is, not what the request asks about. */
const SITE =
  /^\s+(?:depot|site|plant|factory|office|warehouse|facility|campus|yard|terminal|branch|store|hub|station|mill|works|hq|headquarters)s?\b/iu;

/**
 * Every mention of the name is a site's name after a preposition of place: "charge overnight at
 * the Dunmore Road depot", "from our Leeds office". Where something happens sets the scene; the
 * report can state it as missing.
 */
export function siteOnly(name: string, goal: string): boolean {
  return everyMention(
    name,
    goal,
    (before, after) =>
      /\b(?:at|in|from|near|to|by)\s+(?:the|our|my|their|its)\s+$/iu.test(before) && SITE.test(after),
  );
}
