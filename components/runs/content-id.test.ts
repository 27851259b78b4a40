import { describe, expect, it } from "vitest";
import { importIdFor } from "./content-id";

describe("import id", () => {
  it("is the same for the same content, different for different content, and a valid run id", () => {
    const a = importIdFor('{"seq":0}\n');
    expect(importIdFor('{"seq":0}\n')).toBe(a);
    expect(importIdFor('{"seq":1}\n')).not.toBe(a);
    expect(a).toMatch(/^imp_[a-z0-9]{2,78}$/);
  });
});
