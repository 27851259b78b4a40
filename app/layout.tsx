import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Prefrontal",
  description: "Run and debug LLM agents that plan, remember and watch themselves.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <a href="/" className="brand">
            Prefrontal
          </a>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
