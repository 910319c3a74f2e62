import { useEffect, useState } from 'react';
import { usePlayerState } from './usePlayer';
import './queue.css';

/** How long a queue notice stays on screen. */
const NOTICE_MS = 4000;

/**
 * The result of the last queue action ("Added to queue"), shown for a moment and announced
 * politely. The live region is always there, so the announcement is not lost.
 */
export function QueueStatus() {
  const notice = usePlayerState((s) => s.notice);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!notice) return;
    setText(notice.text);
    const timer = window.setTimeout(() => setText(''), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return (
    <div className="queue-status" aria-live="polite" aria-atomic="true" data-testid="queue-status">
      {text}
    </div>
  );
}
