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
            {/* Not prefetched: every page here is rendered per request, and prefetching six of them on
                each load competed with the page's own data (a run's event stream) for the server. */}
            <Link href="/" className="brand" prefetch={false}>
              Prefrontal
            </Link>
            <nav aria-label="Main">
              <Link href="/" prefetch={false}>
                Runs
              </Link>
              <InboxNavLink />
              <Link href="/library" prefetch={false}>
                Library
              </Link>
              <Link href="/skills" prefetch={false}>
                Skills
              </Link>
              <Link href="/lessons" prefetch={false}>
                Lessons
              </Link>
              <Link href="/bench" prefetch={false}>
                Bench
              </Link>
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
