import { createInterface } from "node:readline/promises";
import { eq } from "drizzle-orm";
import { createDb } from "@/db/client";
import { authUsers } from "@/db/schema/auth";
import { Role } from "../auth/roles";
import { createApiToken, revokeApiToken } from "../auth/tokens";
import { addUser } from "../auth/users";
import { dataDir } from "../runs/data-dir";

const usage = `Usage (PGlite: stop the server first; it holds the database folder):
  npm run auth -- add-user <email> <role> [name]   password from PREFRONTAL_PASSWORD, else asked
  npm run auth -- set-role <email> <role>
  npm run auth -- add-token <name> <role>           prints the token once; send it as "Authorization: Bearer …"
  npm run auth -- revoke-token <name>
Roles: ${Role.options.join(", ")}.`;

async function password(): Promise<string> {
  if (process.env.PREFRONTAL_PASSWORD) return process.env.PREFRONTAL_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question("Password (12+ characters): ");
  } finally {
    rl.close();
  }
}

function role(value: string | undefined): Role {
  const parsed = Role.safeParse(value);
  if (!parsed.success) throw new Error(`Unknown role "${value ?? ""}". ${usage}`);
  return parsed.data;
}

async function main(args: string[]): Promise<string> {
  const [command, a, b, c] = args;
  const url = process.env.DATABASE_URL?.trim();
  const handle = url ? await createDb({ url }) : await createDb({ dataDir: `${dataDir()}/pglite` });
  try {
    const { db } = handle;
    if (command === "add-user" && a) {
      await addUser(db, { email: a, role: role(b), password: await password(), name: c });
      return `Added ${a} as ${b}.`;
    }
    if (command === "set-role" && a) {
      const rows = await db
        .update(authUsers)
        .set({ role: role(b), updatedAt: new Date() })
        .where(eq(authUsers.email, a.toLowerCase()))
        .returning({ id: authUsers.id });
      if (rows.length === 0) throw new Error(`No user ${a}.`);
      return `${a} is now ${b}.`;
    }
    if (command === "add-token" && a) return await createApiToken(db, a, role(b));
    if (command === "revoke-token" && a) {
      if (!(await revokeApiToken(db, a))) throw new Error(`No live token named ${a}.`);
      return `Revoked ${a}.`;
    }
    throw new Error(usage);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (out) => console.log(out),
  (e: unknown) => {
    const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : "";
    console.error(e instanceof Error ? `${e.message}${cause}` : e);
    process.exitCode = 1;
  },
);
