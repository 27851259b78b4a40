import { defaultRoutingPolicy, type RoutingPolicy } from "../llm/routing";
import type { RunConfig } from "./config";

const defaults = defaultRoutingPolicy();
/** The run's routing policy; runs recorded before routing existed used the defaults. */
export const routingOf = (config: RunConfig): RoutingPolicy => config.routing ?? defaults;
