/**
 * A stable id for a file's content: two 53-bit string hashes (cyrb53 with two seeds). Not for
 * security, only to recognise the same export imported twice; unlike crypto.subtle it also works
 * on plain-http hosts other than localhost.
 */
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function importIdFor(content: string): string {
  return `imp_${cyrb53(content, 1).toString(36)}${cyrb53(content, 2).toString(36)}`;
}
