/**
 * Who is logged in, read from localStorage when the app starts, so that screens re-render on login,
 * logout and profile changes. The reducers only change the state: the session listener
 * (session-listener.ts) is the one place that writes the session to localStorage. `loggedOut` is the
 * one logout: the navbar, the admin sidebar, "log out on every device" and a 401 from any call
 * (docs/shop-rules.md#accounts) all end the session with it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@pumpkart/shared';
import { storage, type StoredSession } from '../lib/storage';

export type SessionState = StoredSession;

/** Why the session ended: the user logged out, or a call answered 401 (`clearUser`: see http.ts). */
export type LogoutReason = { expired: false } | { expired: true; clearUser: boolean };

const EMPTY_SESSION: SessionState = {
  token: null,
  name: null,
  email: null,
  role: null,
  phone: null,
  addresses: [],
  businessName: null,
  gstin: null,
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => storage.readSession(),
  reducers: {
    /** The server accepted the login: its token and user start the session. */
    loggedIn(_state, action: PayloadAction<{ token: string; user: User }>) {
      const { token, user } = action.payload;
      return {
        token,
        name: user.name,
        email: user.email,
        role: user.role,
        phone: user.phone,
        addresses: user.addresses,
        businessName: user.businessName ?? null,
        gstin: user.gstin ?? null,
      };
    },
    /** The profile was saved (or a response carried the user): keep what the server sent. */
    profileUpdated(state, action: PayloadAction<Partial<User>>) {
      const user = action.payload;
      // Only what the server sent replaces the session's copy: a missing field keeps its value.
      if (user.name !== undefined) state.name = user.name;
      if (user.email !== undefined) state.email = user.email;
      if (user.phone !== undefined) state.phone = user.phone;
      if (user.addresses !== undefined) state.addresses = user.addresses;
      if (user.role !== undefined) state.role = user.role;
      if (user.businessName !== undefined) state.businessName = user.businessName;
      if (user.gstin !== undefined) state.gstin = user.gstin;
    },
    /** The server revoked the earlier token and sent this one (password or e-mail change). */
    tokenRenewed(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    /** The one logout. A 401 forgets the token (and with `clearUser` the user details) only. */
    loggedOut: {
      reducer(state, action: PayloadAction<LogoutReason>) {
        if (!action.payload.expired) return EMPTY_SESSION;
        if (!action.payload.clearUser) return { ...state, token: null };
        return { ...EMPTY_SESSION, phone: state.phone };
      },
      prepare: (reason: LogoutReason = { expired: false }) => ({ payload: reason }),
    },
  },
});

export const { loggedIn, profileUpdated, tokenRenewed, loggedOut } = sessionSlice.actions;
export default sessionSlice.reducer;
