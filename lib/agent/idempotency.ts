/** Arguments in a canonical form: keys sorted; with `fold`, strings trimmed and case and spacing folded. */
export function normaliseArgs(value: unknown, fold = true): unknown {
  if (typeof value === "string") return fold ? value.trim().replace(/\s+/g, " ").toLowerCase() : value;
  if (Array.isArray(value)) return value.map((v) => normaliseArgs(v, fold));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = normaliseArgs(v, fold);
    }
    return out;
  }
  return value;
}

/** FNV-1a over two seeds: a stable 64-bit digest, enough to key calls (not for security). */
export function digest(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

/** Same tool and exactly the same arguments → same key: the call is not executed twice. */
export function idempotencyKey(tool: string, args: unknown): string {
  return `${tool}:${digest(JSON.stringify(normaliseArgs(args, false)))}`;
}

/** Same tool and the same arguments up to case and spacing: what repetition detection compares. */
export function repeatKey(tool: string, args: unknown): string {
  return `${tool}:${digest(JSON.stringify(normaliseArgs(args)))}`;
}
