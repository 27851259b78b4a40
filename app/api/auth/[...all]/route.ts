import { getAuth } from "@/lib/auth/current-actor";

// better-auth's own endpoints (single-sign-on callback, session, sign-out) for scripts and SSO.
export async function GET(request: Request) {
  return (await getAuth()).handler(request);
}

export async function POST(request: Request) {
  return (await getAuth()).handler(request);
}
