export interface FaqEntry {
  question: string;
  answer: string;
}

/** The four rows of the About FAQ: what it is, tech stack, features for users, thanks/roadmap. */
export const FAQ: readonly FaqEntry[] = [
  {
    question: 'What is Samaa?',
    answer:
      'Samaa is a music streaming web app. Sign up, verify your email and log in to listen to songs, keep your ' +
      'own playlists and discover trending music. Admins look after the song catalogue and the users.',
  },
  {
    question: 'What is it built with?',
    answer:
      'TypeScript end to end in a Turborepo: a React and Vite single-page app, an Express API on Node.js, ' +
      'MongoDB (or FerretDB) through Mongoose, resumable uploads with tus, and the Spotify and JioSaavn APIs.',
  },
  {
    question: 'What can users do?',
    answer:
      'Users can search songs, play songs, create, update and delete playlists, fetch their streaming-service ' +
      'playlists and listen to trending songs. The site is desktop-only for now; responsiveness is planned for later.',
  },
  {
    question: 'Thanks, and what comes next?',
    answer:
      'Thank you for listening with us! Next on the roadmap: a responsive layout for phones and tablets, ' +
      'more ways to discover music and sharing playlists with friends.',
  },
];
