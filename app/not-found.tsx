import Link from "next/link";

export default function NotFound() {
  return (
    <div className="state state-empty">
      <strong>Not found</strong>
      <div>
        This run or page does not exist. <Link href="/">Back to the runs</Link>
      </div>
    </div>
  );
}
