import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD_TOO_SHORT,
  passwordLengthProblem,
  passwordMinLength,
  PASSWORD_TOO_LONG,
  STAFF_PASSWORD_TOO_SHORT,
} from './password';

describe('the password length rule of each role', () => {
  it("asks 8 characters of a buyer and 12 of the admin and staff, in the forms' and the server's words", () => {
    expect(passwordMinLength('customer')).toBe(8);
    expect(passwordLengthProblem('seven-7', 'customer')).toBe('Password must be at least 8 characters.');
    expect(passwordLengthProblem('eight-ch', 'customer')).toBeUndefined();
    expect(passwordLengthProblem('elevenchars', 'admin')).toBe(ADMIN_PASSWORD_TOO_SHORT);
    expect(passwordLengthProblem('elevenchars', 'orders_staff')).toBe(STAFF_PASSWORD_TOO_SHORT);
    expect(passwordLengthProblem('elevenchars', 'catalog_staff')).toBe(
      'A staff password must be at least 12 characters.',
    );
    expect(passwordLengthProblem('twelve chars', 'catalog_staff')).toBeUndefined();
    expect(passwordLengthProblem('x'.repeat(129), 'admin')).toBe(PASSWORD_TOO_LONG);
  });
});
