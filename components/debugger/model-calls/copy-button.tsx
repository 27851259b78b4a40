"use client";

import { useState } from "react";

/** Copies `text` to the clipboard and says whether it worked. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      // No clipboard (an insecure origin, or permission refused): the text is selectable beside it.
      setStatus("failed");
    }
  };
  return (
    <button type="button" className="btn btn-ghost mc-copy" onClick={copy} data-testid={testId}>
      {status === "copied" ? "Copied ✓" : status === "failed" ? "Copy failed: select the text" : label}
    </button>
  );
}
