import { describe, expect, it } from "vitest";
import { ServiceError } from "./errors";
import { jsonBody, pathParam, readCapped } from "./http";

/** A chunked request: no Content-Length, the body arrives in pieces. */
function chunked(pieces: number, pieceBytes: number, headers: Record<string, string> = {}) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= pieces) controller.close();
      else controller.enqueue(new Uint8Array(pieceBytes).fill(97));
    },
  });
  return new Request("http://127.0.0.1/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof ServiceError ? e.code : `unexpected: ${String(e)}`;
  }
  return "no error";
};

describe("request bodies", () => {
  it("refuses a chunked body past the cap while it streams, without reading the rest", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1_000));
      },
    });
    const request = new Request("http://127.0.0.1/x", {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    expect(await code(readCapped(request, 10_000))).toBe("too_large");
    expect(pulled).toBeLessThan(20);
  });

  it("reads a chunked body within the cap, and refuses a declared length over it unread", async () => {
    expect((await readCapped(chunked(5, 1_000), 10_000)).byteLength).toBe(5_000);
    const declared = new Request("http://127.0.0.1/x", {
      method: "POST",
      body: "x",
      headers: { "content-length": "999999999" },
    });
    expect(await code(readCapped(declared, 10_000))).toBe("too_large");
  });

  it("takes a JSON object only; other JSON and broken JSON are the caller's error", async () => {
    const post = (body: string) => new Request("http://127.0.0.1/x", { method: "POST", body });
    expect(await jsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await jsonBody(post(""))).toEqual({});
    for (const body of ["[1]", '"s"', "null", "{"])
      expect(await code(jsonBody(post(body)))).toBe("invalid_input");
    expect(await code(jsonBody(chunked(2_000, 1_000)))).toBe("too_large");
  });

  it("decodes a path parameter once; malformed percent-encoding is a 400", () => {
    expect(pathParam("run_1%7Eq%3A1", "id")).toBe("run_1~q:1");
    expect(() => pathParam("%E0%A4%A", "id")).toThrow(ServiceError);
    expect(() => pathParam("%", "id")).toThrow(/malformed/);
  });
});
