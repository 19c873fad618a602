/**
 * The secrets a new machine needs besides the database (D79), by the variable
 * that sets each, and the file beside the database that keeps it when the variable is
 * unset (`getConfig`). A backup carries them inside its encryption.
 */
export const SECRET_FILES = {
  SESSION_SECRET: "session.secret",
  PHONE_HASH_KEY: "phone-hash.secret",
} as const;

export type SecretName = keyof typeof SECRET_FILES;

/**
 * What a restore does with one secret of the backup: writes its file (none there), finds
 * the same one there, leaves it to the environment that sets it, replaces a different one
 * (`--force`), or refuses (a different one, without `--force`).
 */
export type SecretAction = "write" | "same" | "environment" | "replace" | "conflict";

export interface SecretStep {
  name: SecretName;
  file: string;
  action: SecretAction;
}

function isSecretName(name: string): name is SecretName {
  return Object.hasOwn(SECRET_FILES, name);
}

/**
 * The restore's decision for every secret the backup holds. Pure: what the backup holds,
 * what the environment sets and what the files beside the database hold now, in; one
 * step a secret, out. Names the shop does not know are passed over.
 */
export function planSecrets(input: {
  inBackup: Record<string, string>;
  environment: Partial<Record<SecretName, string | null>>;
  onDisk: Partial<Record<SecretName, string>>;
  force: boolean;
}): SecretStep[] {
  return Object.keys(input.inBackup)
    .filter(isSecretName)
    .sort()
    .map((name) => {
      const file = SECRET_FILES[name];
      const stored = input.onDisk[name];
      const action: SecretAction = input.environment[name]
        ? "environment"
        : stored === undefined
          ? "write"
          : stored === input.inBackup[name]
            ? "same"
            : input.force
              ? "replace"
              : "conflict";
      return { name, file, action };
    });
}
