import { askUserTool } from "./ask-user";
import { calculateTool } from "./calculate";
import { checkCitationsTool } from "./check-citations";
import { composeReportTool } from "./compose-report";
import { extractTool } from "./extract";
import { readTool } from "./read";
import { searchTool } from "./search";
import type { AnyTool } from "./tool";
import { writeTool } from "./write";

/** The tools a research run may call, in the order a model is shown them (roughly the order of use). */
export function researchTools(): AnyTool[] {
  return [
    searchTool,
    readTool,
    extractTool,
    calculateTool,
    writeTool,
    checkCitationsTool,
    composeReportTool,
    askUserTool,
  ];
}

/** Name and description of each research tool, for a planner prompt. */
export function researchToolSummaries(): { name: string; description: string }[] {
  return researchTools().map(({ name, description }) => ({ name, description }));
}
