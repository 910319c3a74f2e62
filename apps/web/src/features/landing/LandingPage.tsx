import { Link } from 'react-router-dom';
import background from '../../assets/landing-bg.svg';
import './landing.css';

/** `/` and `/mainhome`: the landing screen over a full-size background image. */
export default function LandingPage() {
  return (
    <section
      className="landing"
      style={{ backgroundImage: `url(${background})` }}
      aria-labelledby="landing-title"
    >
      <div className="landing__content">
        <p className="landing__eyebrow">Music, your way</p>
        <h1 id="landing-title" className="landing__title">
          Samaa
        </h1>
        <p className="landing__tagline">
          Stream the catalogue, keep your own playlists, bring in your Spotify playlists and
          discover what is trending.
        </p>
        <div className="landing__actions">
          <Link className="btn" to="/userregistration">
            Sign Up
          </Link>
          <Link className="btn btn--ghost" to="/userlogin">
            User Login
          </Link>
          <Link className="btn btn--ghost" to="/adminlogin">
            Admin Login
          </Link>
        </div>
      </div>
    </section>
  );
}
