/**
 * On-page notifications (docs/architecture.md#notifications): what the spec once showed in a
 * browser alert is shown as a notice in a live region instead, with the same text. A notice stays
 * until the reader closes it or, for a success or information, until it times out.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NoticeTone = 'success' | 'info' | 'error';

export interface Notice {
  id: string;
  text: string;
  tone: NoticeTone;
}

/** At most this many notices show at once; the oldest goes first. */
export const MAX_NOTICES = 3;

const noticesSlice = createSlice({
  name: 'notices',
  initialState: [] as Notice[],
  reducers: {
    noticeShown: {
      reducer(state, action: PayloadAction<Notice>) {
        // The same text again replaces the older copy, so a double click does not stack two.
        const kept = state.filter((notice) => notice.text !== action.payload.text);
        return [...kept, action.payload].slice(-MAX_NOTICES);
      },
      prepare(text: string, tone: NoticeTone = 'info') {
        return { payload: { id: nanoid(), text, tone } };
      },
    },
    noticeDismissed(state, action: PayloadAction<string>) {
      return state.filter((notice) => notice.id !== action.payload);
    },
    noticesCleared() {
      return [];
    },
  },
});

export const { noticeShown, noticeDismissed, noticesCleared } = noticesSlice.actions;
export default noticesSlice.reducer;
