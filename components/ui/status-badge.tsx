/** Symbols the stock fonts of a Linux desktop have (⏸ and ⤼ drew as empty boxes in Debian's Chromium). */
const icons: Record<string, string> = {
  pending: "○",
  ready: "◔",
  running: "◐",
  waiting: "‖",
  succeeded: "✓",
  failed: "✕",
  skipped: "↷",
  cancelled: "■",
};

/** A status as text and a symbol, never by colour alone. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`badge badge-${status}`} data-testid={testId} data-status={status}>
      <span aria-hidden="true">{icons[status] ?? "•"}</span> {status}
    </span>
  );
}
