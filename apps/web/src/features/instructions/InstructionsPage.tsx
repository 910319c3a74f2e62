import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/queryClient';
import { fetchSenderAddress } from './api';
import './instructions.css';

/** One numbered tip card. */
function Tip({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="card">
      <span className="instructions__icon" aria-hidden="true">
        {number}
      </span>
      <div>
        <h2>{title}</h2>
        {children}
      </div>
    </li>
  );
}

/** `/instructions`: the four tips. */
export default function InstructionsPage() {
  // Without the setting (or the call) the tip names the product instead of an address.
  const sender = useQuery({ queryKey: ['config', 'mail-sender'], queryFn: fetchSenderAddress }, queryClient).data;

  return (
    <section className="instructions" aria-labelledby="instructions-title">
      <h1 id="instructions-title">Instructions</h1>
      <ol className="instructions__list">
        <Tip number={1} title="Set your browser zoom to 75%">
          <p>Samaa is laid out for a 75% browser zoom; everything fits on one screen that way.</p>
        </Tip>
        <Tip number={2} title="Desktop only, for now">
          <p>The site is desktop-only for now. Use a laptop or desktop browser.</p>
        </Tip>
        <Tip number={3} title="Responsiveness is coming later">
          <p>Phone and tablet layouts are on the roadmap and will come later.</p>
        </Tip>
        <Tip number={4} title="Check your spam folder">
          <p data-testid="sender-tip">
            After signing up, look for the verification email in your spam folder too. It comes{' '}
            {sender ? (
              <>
                from <strong>{sender}</strong>
              </>
            ) : (
              'from Samaa'
            )}
            .
          </p>
        </Tip>
      </ol>
    </section>
  );
}
