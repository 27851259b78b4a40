"use client";

import { useEffect } from "react";
import type { RunViewHandle } from "../run-view-store";
import { prepareLayout, shapeKey } from "./graph-shape";

/**
 * While a run's history streams in, lay out its plan as soon as the plan is known, not when the
 * graph first draws: the browser mostly waits on the network meanwhile, and a 300-task layout is
 * the biggest single piece of that first draw. A later plan version is laid out again.
 */
export function usePreparedLayout({ store }: RunViewHandle, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let seen: { order: string[]; plans: unknown } | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      const { head } = store.getState();
      if (seen?.order === head.taskOrder && seen.plans === head.plans) return;
      seen = { order: head.taskOrder, plans: head.plans };
      if (timer) clearTimeout(timer);
      // A short wait, so a burst of plan versions is laid out once.
      timer = setTimeout(() => {
        timer = null;
        prepareLayout(shapeKey(store.getState().head));
      }, 30);
    };
    check();
    const unsubscribe = store.subscribe(check);
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, active]);
}
