import { Suspense, type ReactNode } from 'react';
import { Loading } from '../components/Loading';

/** The main column: lazily loaded pages show a loading state, never a blank screen. */
export function Page({ children }: { children: ReactNode }) {
  return (
    <main className="page" id="main">
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </main>
  );
}
