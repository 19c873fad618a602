import { spawn } from "node:child_process";

/**
 * Backups off the machine (D79): rclone, run as a command, copies an encrypted
 * backup to BACKUP_REMOTE and lists and deletes what is there. rclone finds its own
 * configuration (RCLONE_CONFIG, or `~/.config/rclone/rclone.conf`), or the remote is made
 * on the fly (`:sftp,host=…:dir`). A remote's address may hold a password, so no message
 * this module makes repeats it: `remoteLabel` names the remote instead.
 */
export interface Remote {
  /** Copies a local file to `path` under the remote (`daily/2026-11-28.backup`). */
  upload(file: string, path: string): Promise<void>;
  /** Copies `from` to `to`, both under the remote (server-side where it can). */
  copy(from: string, to: string): Promise<void>;
  /** The file names in `folder` under the remote; none when the folder does not exist. */
  list(folder: string): Promise<string[]>;
  remove(path: string): Promise<void>;
}

/** A failure of rclone, in words that name the remote only by `remoteLabel`. */
export class RemoteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RemoteError";
  }
}

/** rclone's exit status for "directory not found" (rclone's docs, "Exit Code"). */
const DIRECTORY_NOT_FOUND = 3;
/**
 * Fewer tries than rclone's own (3 and 10): with its defaults a dead remote keeps an
 * owner's `Back up now` waiting most of a minute, and the next night tries again anyway.
 */
const RCLONE_FLAGS = ["--log-level", "ERROR", "--retries", "2", "--low-level-retries", "3"];

/**
 * What names the remote in a message: `s3:` for `s3:bucket/shop`, `:webdav:` for an
 * on-the-fly remote (its options, a password among them, left out).
 */
export function remoteLabel(remote: string): string {
  const onTheFly = /^:([a-z0-9]+)/i.exec(remote);
  if (onTheFly) return `:${onTheFly[1]}:`;
  return `${remote.slice(0, remote.indexOf(":"))}:`;
}

/** `path` under the remote: `s3:bucket/shop` + `daily/x` → `s3:bucket/shop/daily/x`. */
export function remotePath(remote: string, path: string): string {
  return remote.endsWith(":") || remote.endsWith("/") ? `${remote}${path}` : `${remote}/${path}`;
}

/**
 * rclone's last error line, without its time stamp, the remote's address or a password
 * written into a URL (`//user:pass@host` becomes `//***@host`).
 */
export function redact(output: string, remote: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const last =
    [...lines].reverse().find((line) => /\b(ERROR|CRITICAL|Failed)\b/.test(line)) ??
    lines.at(-1) ??
    "";
  const connection = remote.slice(0, remote.lastIndexOf(":") + 1);
  return last
    .replace(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} /, "")
    .split(connection)
    .join(remoteLabel(remote))
    .replace(/\/\/[^/\s@]*@/g, "//***@")
    .slice(0, 500);
}

/** The remote through the `rclone` command (`binary`: its path, `rclone` on PATH by default). */
export function createRclone(
  remote: string,
  options: { binary?: string; env?: NodeJS.ProcessEnv } = {},
): Remote {
  const binary = options.binary ?? "rclone";
  const env = options.env ?? process.env;
  const at = (path: string) => remotePath(remote, path);

  async function run(args: string[]): Promise<{ status: number | null; stdout: string }> {
    const child = spawn(binary, [...RCLONE_FLAGS, ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const status = await new Promise<number | null>((resolve, reject) => {
      child.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          new RemoteError(
            error.code === "ENOENT"
              ? "rclone was not found on PATH (apt-get install -y rclone)."
              : `rclone could not be started (${error.code ?? error.message}).`,
          ),
        ),
      );
      child.once("close", resolve);
    });
    if (status !== 0 && !(args[0] === "lsf" && status === DIRECTORY_NOT_FOUND))
      throw new RemoteError(
        `rclone ${args[0]} on ${remoteLabel(remote)} failed (exit ${status}): ${redact(stderr, remote)}`,
      );
    return { status, stdout };
  }

  return {
    async upload(file, path) {
      await run(["copyto", file, at(path)]);
    },
    async copy(from, to) {
      await run(["copyto", at(from), at(to)]);
    },
    async list(folder) {
      const { status, stdout } = await run(["lsf", "--files-only", at(folder)]);
      if (status === DIRECTORY_NOT_FOUND) return [];
      return stdout.split("\n").filter(Boolean);
    },
    async remove(path) {
      await run(["deletefile", at(path)]);
    },
  };
}
