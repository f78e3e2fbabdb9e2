/**
 * The server's half of the password policy (docs/shop-rules.md#accounts; the length rule per role is
 * packages/shared/src/password.ts): a new password must also not be a common one. The list is the "passwords-common"
 * dictionary of the @zxcvbn-ts/language-common package (MIT; about 49,000 of the most used passwords, compiled by
 * the zxcvbn project from leaked password sets), bundled with the server, so no network is needed. It is loaded on
 * the first password set, not at start, and only its entries long enough to pass the length rule are kept.
 */
import { passwordLengthProblem, PASSWORD_MIN_LENGTH, PASSWORD_TOO_COMMON, type Role } from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';

let common: Promise<Set<string>> | undefined;

async function loadCommonPasswords(): Promise<Set<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  const words = dictionary['passwords-common'] as string[];
  return new Set(words.filter((word) => word.length >= PASSWORD_MIN_LENGTH).map((word) => word.toLowerCase()));
}

/** Whether the password is in the bundled list, whatever its letter case ('Password1' is as weak as 'password1'). */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= loadCommonPasswords();
  return (await common).has(password.toLowerCase());
}

/** The policy's refusal for this password and role, or undefined when it may be set. */
export async function passwordPolicyProblem(password: string, role: Role): Promise<string | undefined> {
  return (
    passwordLengthProblem(password, role) ?? ((await isCommonPassword(password)) ? PASSWORD_TOO_COMMON : undefined)
  );
}

/** Refuses (400 with the policy's message) a password this role may not have. */
export async function checkPasswordPolicy(password: string, role: Role): Promise<void> {
  const problem = await passwordPolicyProblem(password, role);
  if (problem) throw new BadRequestError(problem);
}
