"use client";

import { useEffect, useState } from "react";
import styles from "./inbox.module.css";

const STORAGE_KEY = "prefrontal-reviewer";

/** The reviewer's name, remembered per browser so it is typed once, not on every answer. */
export function useReviewerName(): [string, (name: string) => void] {
  // Starts empty on the server and the first client render; localStorage is read after hydration.
  const [name, setName] = useState("");
  useEffect(() => {
    try {
      setName(localStorage.getItem(STORAGE_KEY) ?? "");
    } catch {
      // Storage can be disabled (private modes); the field still works, it just is not remembered.
    }
  }, []);
  const update = (next: string) => {
    setName(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {}
  };
  return [name, update];
}

export const REVIEWER_INPUT_ID = "reviewer-name";

export function ReviewerNameField({
  name,
  onChange,
  missing,
}: {
  name: string;
  onChange: (name: string) => void;
  /** Set when an answer was attempted without a name. */
  missing: boolean;
}) {
  return (
    <div className={styles.reviewer}>
      <label htmlFor={REVIEWER_INPUT_ID} className="inline">
        Your name <span className={styles.required}>(required)</span>
      </label>
      <input
        id={REVIEWER_INPUT_ID}
        data-testid="reviewer-name"
        type="text"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={missing || undefined}
        aria-describedby="reviewer-name-hint"
      />
      <span id="reviewer-name-hint" className={missing ? styles.errorText : styles.hint}>
        {missing
          ? "Enter your name first: every answer is signed, so the run's history shows who decided."
          : "Signed on every answer; remembered in this browser."}
      </span>
    </div>
  );
}
