export * from "./artifacts";
export * from "./auth";
export * from "./documents";
export * from "./questions";
export * from "./run-events";
export * from "./run-snapshots";
export * from "./run-state-chunks";
export * from "./runs";
