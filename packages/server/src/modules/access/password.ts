import { accessLimits } from '@geoportal/contract/access';
import { ErrorCode } from '@geoportal/contract/errors';
import argon2 from 'argon2';

/**
 * Argon2id with the OWASP minimum for Argon2id (19 MiB memory, 2 iterations, 1 lane);
 * about 20–40 ms per hash on one core of the target machine.
 */
const hashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions);
}

/** Checks a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so that an unknown user name cannot be
 * told from a wrong password by the answer time.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-account-password');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Promise<Set<string>> | undefined;

/** About 50,000 of the most common passwords (the zxcvbn-ts list), lower-cased. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set((m.dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/**
 * Why a new password is refused, as an error code, or null when it is acceptable: at least
 * 8 and at most 128 characters, not one of the common passwords, not the user name.
 */
export async function passwordProblem(password: string, userName: string): Promise<string | null> {
  const length = [...password].length;
  if (length < accessLimits.passwordMin) return ErrorCode.passwordTooShort;
  if (length > accessLimits.passwordMax) return ErrorCode.passwordTooLong;
  const lower = password.toLowerCase();
  if (lower === userName.trim().toLowerCase()) return ErrorCode.passwordCommon;
  if ((await loadCommonPasswords()).has(lower)) return ErrorCode.passwordCommon;
  return null;
}
