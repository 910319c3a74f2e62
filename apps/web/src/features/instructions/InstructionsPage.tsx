import { useEffect, useState } from 'react';
import { fetchSenderAddress } from './senderAddress';
import './instructions.css';

/** `/instructions` (SPEC §2): the four tips. */
export default function InstructionsPage() {
  const [sender, setSender] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    fetchSenderAddress()
      .then((address) => active && setSender(address))
      // Without the setting the tip names the product instead of an address.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  return (
    <section className="instructions" aria-labelledby="instructions-title">
      <h1 id="instructions-title">Instructions</h1>
      <ol className="instructions__list">
        <li className="card">
          <span className="instructions__icon" aria-hidden="true">
            1
          </span>
          <div>
            <h2>Set your browser zoom to 75%</h2>
            <p>Samaa is laid out for a 75% browser zoom; everything fits on one screen that way.</p>
          </div>
        </li>
        <li className="card">
          <span className="instructions__icon" aria-hidden="true">
            2
          </span>
          <div>
            <h2>Desktop only, for now</h2>
            <p>The site is desktop-only for now. Use a laptop or desktop browser.</p>
          </div>
        </li>
        <li className="card">
          <span className="instructions__icon" aria-hidden="true">
            3
          </span>
          <div>
            <h2>Responsiveness is coming later</h2>
            <p>Phone and tablet layouts are on the roadmap and will come later.</p>
          </div>
        </li>
        <li className="card">
          <span className="instructions__icon" aria-hidden="true">
            4
          </span>
          <div>
            <h2>Check your spam folder</h2>
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
          </div>
        </li>
      </ol>
    </section>
  );
}
