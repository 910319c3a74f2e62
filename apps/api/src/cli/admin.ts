/**
 * `npm run admin -- create --email you@example.com --name "Your Name" [--gender female]`
 *
 * Creates a verified admin, or promotes and verifies the existing user with that email. The
 * password comes from ADMIN_PASSWORD, else from a prompt (hidden on a terminal; the first line
 * of standard input otherwise). It connects through the same database provider as `npm start`
 * (MONGODB_URI, else the embedded engine under DATA_DIR), with the same settings (.env and the
 * environment).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { GENDERS } from '@samaa/shared';
import { ConfigError, loadConfig } from '../config/config.js';
import { assertDataDirFree, DataDirBusyError } from '../db/dataDirLock.js';
import { dataStartup } from '../dataStartup.js';
import { openDatabase } from '../db/open.js';
import { createLogger } from '../logger.js';
import { AdminSetupError, ensureAdmin, isGender } from '../users/adminAccount.js';

export const USAGE = `Usage: npm run admin -- create --email <email> --name <name> [--gender ${GENDERS.join('|')}]

Creates a verified admin, or promotes and verifies the existing user with that email
(an existing account keeps its password). The password is read from ADMIN_PASSWORD,
or asked for. Uses the same database as npm start (MONGODB_URI or the embedded engine
under DATA_DIR); with the embedded engine, stop the server first.`;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Asks for the password (not echoed on a terminal). */
  readPassword: (prompt: string) => Promise<string>;
}

class UsageError extends Error {}

/** Reads one line from standard input: hidden on a terminal, plain from a pipe. */
export function readPasswordFromStdin(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((resolve, reject) => {
      let buffered = '';
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const nl = buffered.search(/\r?\n/);
        if (nl >= 0) finish(buffered.slice(0, nl));
      };
      const finish = (line: string) => {
        stdin.off('data', onData);
        stdin.off('end', onEnd);
        stdin.off('error', reject);
        stdin.pause();
        resolve(line);
      };
      const onEnd = () => finish(buffered.replace(/\r?\n$/, ''));
      stdin.on('data', onData);
      stdin.once('end', onEnd);
      stdin.once('error', reject);
      stdin.resume();
    });
  }
  return new Promise((resolve, reject) => {
    let value = '';
    // Raw mode first, so nothing typed after the prompt appears is echoed.
    stdin.setRawMode(true);
    process.stderr.write(prompt);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chars: string) => {
      for (const ch of chars) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function passwordFrom(io: CliIo): Promise<string> {
  const fromEnv = io.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await io.readPassword('Password for the admin: ');
  if (process.stdin.isTTY && io.readPassword === readPasswordFromStdin) {
    const again = await io.readPassword('Repeat the password: ');
    if (again !== first) throw new UsageError('The passwords do not match.');
  }
  if (!first)
    throw new UsageError('No password given (set ADMIN_PASSWORD or type one at the prompt).');
  return first;
}

/**
 * With the embedded mongod, a running server holds DATA_DIR/db; starting a second mongod there
 * would fail and the provider would fall back to another engine, writing the admin elsewhere.
 */
/** Runs the CLI; returns the process exit code. */
export async function runAdminCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        gender: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals[0] !== 'create' || positionals.length !== 1) throw new UsageError(USAGE);
    if (!values.email) throw new UsageError(`--email is required.\n\n${USAGE}`);
    const gender = values.gender;
    if (gender !== undefined && !isGender(gender)) {
      throw new UsageError(`--gender must be one of ${GENDERS.join(', ')}.`);
    }

    // The same settings as `npm start`: .env, then the environment. ADMIN_PASSWORD is this
    // command's input, not the start-up bootstrap, so it is kept out of the settings check.
    const env: NodeJS.ProcessEnv = { ...io.env, ADMIN_PASSWORD: undefined, ADMIN_EMAIL: undefined };
    const config = loadConfig(env, io.cwd);
    const name = values.name ?? config.admin.name;
    if (!config.mongodbUri) assertDataDirFree(config.dataDir);
    const password = await passwordFrom(io);

    const logger = createLogger(io.env.LOG_LEVEL ?? 'warn');
    const db = await openDatabase(config, logger, 'npm run admin', dataStartup);
    try {
      const { action, user } = await ensureAdmin(db.data, {
        email: values.email,
        name,
        password,
        gender,
      });
      const what =
        action === 'created'
          ? `Created the verified admin ${user.email} (${user.name}).`
          : action === 'promoted'
            ? `${user.email} is now a verified admin (password unchanged).`
            : `${user.email} is already a verified admin; nothing to do.`;
      io.out(`${what} Database: ${db.engine}, ${config.mongodbDbName}.`);
      return 0;
    } finally {
      await db.close();
    }
  } catch (err) {
    if (
      err instanceof UsageError ||
      err instanceof AdminSetupError ||
      err instanceof ConfigError ||
      err instanceof DataDirBusyError
    ) {
      io.err(err.message);
      return err instanceof UsageError ? 2 : 1;
    }
    if (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`admin: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function main() {
  try {
    process.loadEnvFile('.env');
  } catch {
    /* no .env file: the environment alone configures the command */
  }
  const code = await runAdminCli(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readPassword: readPasswordFromStdin,
  });
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
