import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Add and edit forms return to the previous screen on success (SPEC §2). When
 * the form was opened directly (a link from outside, a reload) there is no
 * previous screen in the console, so it goes to `fallback` instead.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const opensFirst = location.key === 'default';
  return useCallback(() => {
    if (opensFirst) void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [navigate, fallback, opensFirst]);
}
