import { useEffect } from 'react';
import { MESSAGES } from '@samaa/shared';
import { getUserToken } from './session';

/** Whether a listener token is stored; without one, says so once in the console. */
export function useListenerToken(): boolean {
  const signedIn = Boolean(getUserToken());
  useEffect(() => {
    if (!signedIn) console.error(MESSAGES.userNotAuthenticated);
  }, [signedIn]);
  return signedIn;
}
