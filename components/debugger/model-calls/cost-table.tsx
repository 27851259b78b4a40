import type { Totals } from "./model-call-stats";
import { formatCount, formatMs, formatUsd } from "./model-call-stats";

/** Rows of spend and latency, with a total row; `label` heads the first column. */
export function TotalsTable({
  label,
  rows,
  total,
  testId,
  caption,
}: {
  label: string;
  rows: { key: string; name: string; totals: Totals }[];
  total: Totals;
  testId: string;
  caption: string;
}) {
  return (
    <div className="mc-table-wrap">
      <table className="mc-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">calls</th>
            <th scope="col">tokens in</th>
            <th scope="col">tokens out</th>
            <th scope="col">cost</th>
            <th scope="col">model time</th>
            <th scope="col">tool time</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-row={r.key}>
              <th scope="row">{r.name}</th>
              <Cells t={r.totals} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-row="total">
            <th scope="row">total</th>
            <Cells t={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Cells({ t }: { t: Totals }) {
  return (
    <>
      <td>
        {formatCount(t.calls)}
        {t.errors > 0 && <span className="mc-flag is-bad">{t.errors} failed</span>}
      </td>
      <td>{formatCount(t.tokensIn)}</td>
      <td>{formatCount(t.tokensOut)}</td>
      <td>{formatUsd(t.costUsd)}</td>
      <td>{formatMs(t.modelMs)}</td>
      <td>{t.toolCalls > 0 ? `${formatMs(t.toolMs)} (${formatCount(t.toolCalls)})` : "—"}</td>
    </>
  );
}

/** The run's spend and latency by purpose (tool time is the run's, on the total row). */
export function CostTable({ groups, total }: { groups: [string, Totals][]; total: Totals }) {
  return (
    <TotalsTable
      label="purpose"
      caption="Cost and latency by purpose"
      testId="model-cost-by-purpose"
      rows={groups.map(([g, t]) => ({ key: g, name: g, totals: t }))}
      total={total}
    />
  );
}
