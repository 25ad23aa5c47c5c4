/**
 * Runs the `planilla` command in-process and captures what it prints (for tests).
 *
 * Example:
 *   const r = await runCli(['format', 'x.gcg', '--write']);
 *   assert.equal(r.code, 0);
 */
import { main } from '../../server/src/cli';
import type { CliIo } from '../../server/src/cli/shared/io';

export interface Captured {
  code: number;
  out: string;
  err: string;
}

export async function runCli(args: string[], lang: 'es' | 'en' = 'en', tty = false): Promise<Captured> {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: (t) => {
      out += t.endsWith('\n') ? t : `${t}\n`;
    },
    err: (t) => {
      err += t.endsWith('\n') ? t : `${t}\n`;
    },
    lang,
    tty,
  };
  const code = await main(args, io);
  return { code, out, err };
}
