import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { endMediaSession } from './mediaSession';

/** Logout: clears the media cookie, then the stored session (`leave`), whether or not the call got through. */
export function LogoutButton({ leave }: { leave: () => void }) {
  const logout = useMutation({ mutationFn: endMediaSession, onSettled: leave }, queryClient);
  return (
    <button type="button" className="btn btn--ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
      Logout
    </button>
  );
}
