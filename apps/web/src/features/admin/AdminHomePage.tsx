import { Link } from 'react-router-dom';
import { LABELS } from '@samaa/shared';
import './admin.css';

const SHORTCUTS = [
  { to: '/analytics', title: 'Analytics', text: 'Users, songs, likes and sign-ups at a glance.' },
  {
    to: '/usersdata',
    title: 'Users',
    text: 'See who signed up, who verified, and remove accounts.',
  },
  { to: '/songsdata', title: 'Songs', text: 'Add, edit and delete songs in the catalogue.' },
];

/** `/` and `/adminhome`. */
export default function AdminHomePage() {
  return (
    <section className="admin-page" aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">{LABELS.welcomeAdmin}</h1>
      <ul className="admin-home__shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <li key={shortcut.to}>
            <Link className="card admin-home__shortcut" to={shortcut.to}>
              <strong>{shortcut.title}</strong>
              <span>{shortcut.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
