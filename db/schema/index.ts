export * from "./artifacts";
export * from "./auth";
export * from "./documents";
export * from "./lessons";
export * from "./questions";
export * from "./run-events";
export * from "./run-snapshots";
export * from "./runs";
