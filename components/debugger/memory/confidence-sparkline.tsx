import type { ConfidencePoint } from "@/lib/agent/history";

const W = 120;
const H = 28;
const PAD = 2;

interface Props {
  points: ConfidencePoint[];
  /** The iteration shown: every sparkline of the panel shares the x axis 0…until+1, so they compare. */
  until: number;
  threshold: number;
  /** The iteration up to which the last value held: the moment shown (live) or the eviction. */
  holdUntil: number;
}

/**
 * Positions along the x axis. Iterations are the unit; several changes inside one iteration (added,
 * then decayed at its end) are spread across it so a drop is a slope, not an invisible vertical.
 */
function xs(points: ConfidencePoint[]): number[] {
  const perIteration = new Map<number, number>();
  for (const p of points) perIteration.set(p.iteration, (perIteration.get(p.iteration) ?? 0) + 1);
  const seen = new Map<number, number>();
  return points.map((p) => {
    const k = seen.get(p.iteration) ?? 0;
    seen.set(p.iteration, k + 1);
    return p.iteration + (0.9 * k) / (perIteration.get(p.iteration) ?? 1);
  });
}

export function ConfidenceSparkline({ points, until, threshold, holdUntil }: Props) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return <svg className="mem-spark" width={W} height={H} aria-hidden="true" />;
  const span = Math.max(until, last.iteration) + 1;
  const x = (v: number) => PAD + (v / span) * (W - 2 * PAD);
  const y = (c: number) => PAD + (1 - Math.min(1, Math.max(0, c))) * (H - 2 * PAD);
  const coords = xs(points).map((v, i) => [x(v), y(points[i]?.confidence ?? 0)] as const);
  const [lastX] = coords.at(-1) ?? [PAD];
  const holdX = x(Math.min(span, holdUntil));
  if (holdX > lastX) coords.push([holdX, y(last.confidence)]);
  const line = coords.map(([cx, cy], i) => `${i ? "L" : "M"}${cx.toFixed(1)} ${cy.toFixed(1)}`).join(" ");
  const [x0] = coords[0] ?? [PAD];
  const [xn] = coords.at(-1) ?? [PAD];
  const area = `${line} L${xn.toFixed(1)} ${H - PAD} L${x0.toFixed(1)} ${H - PAD} Z`;
  const dot = xs(points).at(-1) ?? 0;
  const label = `Confidence ${first.confidence.toFixed(2)} at iteration ${first.iteration} → ${last.confidence.toFixed(2)} at iteration ${last.iteration}, ${points.length} change${points.length === 1 ? "" : "s"}`;
  return (
    <svg
      className="mem-spark"
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      data-testid="memory-sparkline"
      data-points={points.length}
    >
      <title>{label}</title>
      <line className="mem-spark-threshold" x1={PAD} x2={W - PAD} y1={y(threshold)} y2={y(threshold)} />
      <path className="mem-spark-area" d={area} />
      <path className="mem-spark-line" d={line} />
      <circle className="mem-spark-dot" cx={x(dot)} cy={y(last.confidence)} r={2} />
    </svg>
  );
}
