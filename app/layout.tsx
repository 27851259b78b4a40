import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { InboxNavLink } from "@/components/ui/inbox-nav-link";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { firstPaintScript } from "@/lib/security/first-paint-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Prefrontal", template: "%s · Prefrontal" },
  description: "Run and debug LLM agents that plan, remember and watch themselves.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: Next stamps its inline scripts with the request's CSP nonce (proxy.ts),
  // which a page prerendered at build time could not carry.
  await connection();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user data; allowed by its CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
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
              <Link href="/skills">Skills</Link>
              <Link href="/lessons">Lessons</Link>
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
