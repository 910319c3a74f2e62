import type { ReactNode } from 'react';
import { Cover } from './Cover';

/** The head of an album's or artist's page: the cover (round for an artist), what it is, its name, then `children`. */
export function DetailHead({
  kind,
  name,
  image,
  round = false,
  children,
}: {
  kind: string;
  name: string;
  image?: string;
  round?: boolean;
  children: ReactNode;
}) {
  return (
    <header className="detail-head">
      <Cover
        image={image}
        name={name}
        cssPx={192}
        className={round ? 'detail-head__cover detail-head__cover--round' : 'detail-head__cover'}
      />
      <div className="detail-head__text">
        <p className="detail-head__kind">{kind}</p>
        <h1>{name}</h1>
        {children}
      </div>
    </header>
  );
}
