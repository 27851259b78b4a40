import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { InboxNavLink } from "@/components/ui/inbox-nav-link";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Prefrontal", template: "%s · Prefrontal" },
  description: "Run and debug LLM agents that plan, remember and watch themselves.",
};

// Sets the theme before first paint (saved choice, else the system's), so a dark-theme user never
// sees a white flash; the dark tokens are then defined once, under [data-theme="dark"].
const themeScript = `try{var t=localStorage.getItem("prefrontal-theme")||(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light");document.documentElement.dataset.theme=t}catch(e){}`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user data */}
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Providers>
          <header className="topbar">
            <Link href="/" className="brand">
              Prefrontal
            </Link>
            <nav aria-label="Main">
              <Link href="/">Runs</Link>
              <InboxNavLink />
              <Link href="/library">Library</Link>
              <Link href="/bench">Bench</Link>
            </nav>
            <div className="topbar-end">
              <ThemeToggle />
            </div>
          </header>
          <main id="main">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
