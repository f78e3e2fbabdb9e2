/**
 * The browser's localStorage keys, read and written only here.
 * token, userName, userEmail, userRole, userPhone, userAddresses, userBusinessName, userGstin, favorites;
 * plus the pending order
 * of the payment-processing page, the addresses typed at checkout and the outlet a /book link was for.
 */
import { ROLES, type Address, type Role, type User } from '@pumpkart/shared';

export const STORAGE_KEYS = {
  token: 'token',
  userName: 'userName',
  userEmail: 'userEmail',
  userRole: 'userRole',
  userPhone: 'userPhone',
  userAddresses: 'userAddresses',
  userBusinessName: 'userBusinessName',
  userGstin: 'userGstin',
  favorites: 'favorites',
  pendingOrder: 'pendingOrder',
  checkoutAddresses: 'checkoutAddresses',
  checkoutOutlet: 'checkoutOutlet',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working without persistence.
  }
}

function readJson<T>(key: string, fallback: T): T {
  const text = read(key);
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export interface StoredSession {
  token: string | null;
  name: string | null;
  email: string | null;
  role: Role | null;
  phone: string | null;
  addresses: Address[];
  /** The buyer's business name and GSTIN for tax invoices (docs/shop-rules.md#accounts); null when none. */
  businessName: string | null;
  gstin: string | null;
}

export const storage = {
  getToken: () => read(STORAGE_KEYS.token),
  setToken: (token: string) => write(STORAGE_KEYS.token, token),
  removeToken: () => write(STORAGE_KEYS.token, null),

  readSession(): StoredSession {
    const role = read(STORAGE_KEYS.userRole);
    return {
      token: read(STORAGE_KEYS.token),
      name: read(STORAGE_KEYS.userName),
      email: read(STORAGE_KEYS.userEmail),
      role: ROLES.find((known) => known === role) ?? null,
      phone: read(STORAGE_KEYS.userPhone),
      addresses: readJson<Address[]>(STORAGE_KEYS.userAddresses, []),
      businessName: read(STORAGE_KEYS.userBusinessName),
      gstin: read(STORAGE_KEYS.userGstin),
    };
  },

  /** Stores what a response's user object carries. */
  storeUser(
    user: Partial<Pick<User, 'name' | 'email' | 'role' | 'phone' | 'addresses' | 'businessName' | 'gstin'>>,
  ): void {
    if (user.name !== undefined) write(STORAGE_KEYS.userName, user.name);
    if (user.email !== undefined) write(STORAGE_KEYS.userEmail, user.email);
    if (user.role !== undefined) write(STORAGE_KEYS.userRole, user.role);
    if (user.phone !== undefined) write(STORAGE_KEYS.userPhone, user.phone);
    if (user.addresses !== undefined) write(STORAGE_KEYS.userAddresses, JSON.stringify(user.addresses));
    if (user.businessName !== undefined) write(STORAGE_KEYS.userBusinessName, user.businessName || null);
    if (user.gstin !== undefined) write(STORAGE_KEYS.userGstin, user.gstin || null);
  },

  /** What the second client removes on a 401 besides the token. */
  removeUserDetails(): void {
    for (const key of [
      STORAGE_KEYS.userName,
      STORAGE_KEYS.userEmail,
      STORAGE_KEYS.userRole,
      STORAGE_KEYS.userAddresses,
      STORAGE_KEYS.userBusinessName,
      STORAGE_KEYS.userGstin,
      STORAGE_KEYS.checkoutOutlet,
    ]) {
      write(key, null);
    }
  },

  /** The favorite ids kept from the last visit, or null when none were kept. */
  getFavorites: () => readJson<string[] | null>(STORAGE_KEYS.favorites, null),
  setFavorites: (ids: string[]) => write(STORAGE_KEYS.favorites, JSON.stringify(ids)),

  getPendingOrder: <T>() => readJson<T | null>(STORAGE_KEYS.pendingOrder, null),
  setPendingOrder: (order: unknown) => write(STORAGE_KEYS.pendingOrder, order ? JSON.stringify(order) : null),

  /** The outlet a /book link was for (docs/shop-rules.md#service-products): checkout starts with it chosen. */
  getCheckoutOutlet: () => read(STORAGE_KEYS.checkoutOutlet),
  setCheckoutOutlet: (outletId: string) => write(STORAGE_KEYS.checkoutOutlet, outletId),

  getCheckoutAddresses: () => readJson<Address[]>(STORAGE_KEYS.checkoutAddresses, []),
  setCheckoutAddresses: (addresses: Address[]) => write(STORAGE_KEYS.checkoutAddresses, JSON.stringify(addresses)),

  /** Logout clears local storage. */
  clearAll(): void {
    try {
      localStorage.clear();
    } catch {
      // nothing to clear
    }
  },
};
