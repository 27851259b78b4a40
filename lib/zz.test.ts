import { test } from "vitest";
import { tagEnglish } from "./language/english";
import { quotientAsked } from "./llm/builtin/derive-quotient";
import { parseGoalOptions } from "./llm/builtin/goal-options";

test("x", () => {
  const g =
    "Which agent framework has the most GitHub stars per contributor? Work it out for all four and rank them.";
  console.log(
    tagEnglish(g)
      .map((w) => `${w.text}:${[...w.tags].slice(0, 3).join(",")}`)
      .join(" "),
  );
  console.log(quotientAsked(g), parseGoalOptions(g).derived);
});
