import { parseGoalTerms } from "./lib/llm/builtin/goal-terms";
import { parseGoalOptions } from "./lib/llm/builtin/goal-options";
import { firstOf } from "./lib/llm/builtin/lineups";
const g="We've got ~600 techs and are weighing Fernbrook FieldMate (with whatever volume discount they give at that size) against Quillon Scout incl. the analytics add-on. Year-one licence cost for each at list, which is cheaper, and by how much?";
const n = parseGoalTerms(parseGoalOptions(g).rest).names; console.log(n, n.map(firstOf));
