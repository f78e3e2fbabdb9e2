/** The only Redux hooks the components use (typed). */
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { noticeShown, type NoticeTone } from './notices-slice';
import type { AppDispatch, RootState } from './index';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const useIsLoggedIn = () => useAppSelector((state) => Boolean(state.session.token));

/** Shows a notice in the page's live region (shop/layout/notices.tsx): `notify(text, 'error')`. */
export function useNotify() {
  const dispatch = useAppDispatch();
  return useCallback((text: string, tone: NoticeTone = 'info') => void dispatch(noticeShown(text, tone)), [dispatch]);
}
