import { describe, expect, it } from "vitest";
import { ASKS_DURATION, durationsAsked, planDuration } from "./derive-duration";
import type { ReadDoc } from "./upstream";

const xss: ReadDoc = {
  docId: "xss",
  title: "XSS incident",
  source: "",
  published: "",
  text: "In February 2025 Cortexa GmbH fixed a cross-site scripting flaw in the trace dashboard.\n\nAn outside researcher reported the flaw on 9 February 2025. Cortexa rated it 7.4 on the CVSS scale and released version 2.4.1 on 18 February 2025.",
  figures: [{ name: "Cortexa dashboard XSS fix release date", value: "2025-02-18" }],
};

describe("the time between two dated events", () => {
  it("is asked as how many days, months or how long", () => {
    expect(ASKS_DURATION.test("how many days the fix took")).toBe(true);
    expect(ASKS_DURATION.test("How long did the certification take?")).toBe(true);
    expect(ASKS_DURATION.test("修复用了多少天？")).toBe(true);
    expect(ASKS_DURATION.test("How many vendors are certified?")).toBe(false);
    expect(
      ASKS_DURATION.test("how long do vendors get between the localisation rule kicking in and IASS-2?"),
    ).toBe(true);
    expect(ASKS_DURATION.test("How long is the list of vendors?")).toBe(false);
    expect(ASKS_DURATION.test("Compare the response time between Loomwork and Relaywright.")).toBe(false);
    expect(ASKS_DURATION.test("How long is the cable between the plant and the warehouse?")).toBe(false);
  });

  it("is one calculation per sentence when separate sentences ask one each", () => {
    expect(
      durationsAsked(
        "How many days did Cortexa take to ship the fix? And separately how long is it between the rule and IASS-2 taking effect",
      ),
    ).toHaveLength(2);
    expect(durationsAsked("How many days did the fix take, and what was its severity?")).toEqual([]);
    // A second "how many" clause asks a second duration, in the unit the first one named.
    expect(
      durationsAsked(
        "From that date, how many days remain until IASS-2 takes effect, and how many until China's rule applies?",
      ),
    ).toEqual([
      "From that date, how many days remain until IASS-2 takes effect",
      "how many until China's rule applies? (days)",
    ]);
    // A clause that asks something else is no duration.
    expect(
      durationsAsked(
        "When does IASS-2 take effect, which vendors are certified, and how many days before that does China's rule start?",
      ),
    ).toEqual([]);
  });

  it("names each date in the document's words and prefers the first date's document for the second", () => {
    const rule: ReadDoc = {
      ...xss,
      docId: "rule",
      text: "The standard takes effect on 1 July 2026 for every vendor.",
      figures: [],
    };
    const plan = planDuration("How many days did Cortexa take to ship the XSS fix after it was reported?", [
      xss,
      rule,
    ]);
    expect(plan.inputs.map((i) => i.value)).toEqual(["9 February 2025", "2025-02-18", "days"]);
    expect(plan.inputs[0]?.label).toBe("reported");
  });

  it("takes the two dates the request's words fit, earlier first, with a day when days are counted", () => {
    const plan = planDuration(
      "When was it reported, which version fixed it and on what date, and how many days did the fix take?",
      [xss],
    );
    expect(plan.operation).toBe("date_difference");
    expect(plan.inputs.map((i) => i.value)).toEqual(["9 February 2025", "2025-02-18", "days"]);
  });

  it("counts from a day the request gives for the requester's own event, to the documents' date", () => {
    const rule: ReadDoc = {
      ...xss,
      docId: "rule",
      text: "IASS-2 becomes mandatory on 1 July 2026 for every vendor selling into regulated plants.",
      figures: [],
    };
    const plan = planDuration(
      "We go live with Nordvale Atlas on 15 September 2025. How many days does that leave us before IASS-2 becomes mandatory?",
      [xss, rule],
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["15 September 2025", "1 July 2026", "days"]);
    // The requester's date cites no document; the standard's date cites its own.
    expect(plan.inputs[0]?.docId).toBeUndefined();
    expect(plan.inputs[1]?.docId).toBe("rule");
    // The unit is the asked part's, never a word of the request's other sentences.
    const withContext = planDuration(
      "how many days remain until IASS-2 becomes mandatory?",
      [xss, rule],
      "Our go-live, planned two years ago, is on 15 September 2025.",
    );
    expect(withContext.inputs.map((i) => i.value)).toEqual(["15 September 2025", "1 July 2026", "days"]);
    // Two days the request gives are the two ends; a year alone sets no end.
    expect(
      planDuration("How many days from 3 March 2025 to 1 July 2026?", [xss]).inputs.map((i) => i.value),
    ).toEqual(["3 March 2025", "1 July 2026", "days"]);
    expect(
      planDuration("How many days did Cortexa take in 2025 to ship the XSS fix after it was reported?", [
        xss,
      ]).inputs.map((i) => i.value),
    ).toEqual(["9 February 2025", "2025-02-18", "days"]);
  });

  it("counts in the unit the asking words name, not a time the request mentions ('明年')", () => {
    const rules: ReadDoc = {
      docId: "rules",
      title: "规定",
      source: "",
      published: "",
      text: "数据本地化要求自 2026年1月1日 起生效。IASS-2 标准自 2026年7月1日 起生效。",
      figures: [
        { name: "数据本地化要求生效日期", value: "2026-01-01" },
        { name: "IASS-2 生效日期", value: "2026-07-01" },
      ],
    };
    const days = planDuration("我们明年要部署。数据本地化要求和 IASS-2 生效日期相隔多少天？", [rules]);
    expect(days.inputs.map((i) => i.value)).toEqual(["2026-01-01", "2026-07-01", "days"]);
    const months = planDuration("我们明年要部署。数据本地化要求和 IASS-2 生效日期相隔几个月？", [rules]);
    expect(months.inputs.at(-1)?.value).toBe("months");
  });

  it("says why when fewer than two dates fit", () => {
    expect(planDuration("How many days did the audit take?", [xss]).inputs).toEqual([]);
  });
});
