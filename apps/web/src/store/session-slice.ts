/**
 * Who is logged in, mirrored from localStorage so that screens re-render on login, logout and
 * profile changes. A 401 from any call ends the session (docs/shop-rules.md#accounts).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type User } from '@pumpkart/shared';
import { authApi } from '../api/endpoints';
import { errorMessage } from '../api/http';
import { storage, type StoredSession } from '../lib/storage';

export type SessionState = StoredSession;

/** Logs in; a failure carries the server's message, else 'Login failed. Try again!'. */
export const login = createAsyncThunk<
  { token: string; user: User },
  { email: string; password: string },
  { rejectValue: string }
>('session/login', async ({ email, password }, { rejectWithValue }) => {
  try {
    const { token, user } = await authApi.login(email, password);
    storage.setToken(token);
    storage.storeUser(user);
    return { token, user };
  } catch (error) {
    return rejectWithValue(errorMessage(error, MESSAGES.loginFailed));
  }
});

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => storage.readSession(),
  reducers: {
    /** The profile was saved: keep what the server answered. */
    profileUpdated(state, action: PayloadAction<Partial<User>>) {
      const user = action.payload;
      storage.storeUser(user);
      // Only what the server sent replaces the session's copy: a missing field keeps its value.
      if (user.name !== undefined) state.name = user.name;
      if (user.email !== undefined) state.email = user.email;
      if (user.phone !== undefined) state.phone = user.phone;
      if (user.addresses !== undefined) state.addresses = user.addresses;
      if (user.role !== undefined) state.role = user.role;
    },
    /** The server revoked the earlier token and sent this one (password or e-mail change). */
    tokenRenewed(state, action: PayloadAction<string>) {
      storage.setToken(action.payload);
      state.token = action.payload;
    },
    /** A call answered 401: the token is already gone from storage. */
    sessionExpired() {
      return storage.readSession();
    },
    loggedOut() {
      return { token: null, name: null, email: null, role: null, phone: null, addresses: [] };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(login.fulfilled, (_state, action) => {
      const { token, user } = action.payload;
      return {
        token,
        name: user.name,
        email: user.email,
        role: user.role,
        phone: user.phone,
        addresses: user.addresses,
      };
    });
  },
});

export const { profileUpdated, tokenRenewed, sessionExpired, loggedOut } = sessionSlice.actions;
export default sessionSlice.reducer;
