import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { finishLoginInPopup, isSpotifyLoginPopup } from './features/spotify/popupLogin';
import './styles/theme.css';
import './styles/narrow.css';

// The Spotify sign-in popup, back from Spotify: it only finishes the sign-in for its opener.
if (isSpotifyLoginPopup()) void finishLoginInPopup();
else
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
