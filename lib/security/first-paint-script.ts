import { createHash } from "node:crypto";

// Sets the theme before first paint (saved choice, else the system's), so a dark-theme user never
// sees a white flash; the dark tokens are then defined once, under [data-theme="dark"].
// The one inline script we write ourselves: the CSP allows it by this exact text's hash.
export const firstPaintScript = `try{var t=localStorage.getItem("prefrontal-theme")||(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light");document.documentElement.dataset.theme=t}catch(e){}`;

export const firstPaintScriptHash = `sha256-${createHash("sha256").update(firstPaintScript).digest("base64")}`;
