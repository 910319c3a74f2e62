import { FaqAccordion } from './FaqAccordion';
import { FAQ } from './faq';
import './about.css';

/** `/about`: the FAQ table of four rows. */
export default function AboutPage() {
  return (
    <section className="about" aria-labelledby="about-title">
      <h1 id="about-title">About</h1>
      <p className="about__intro">Questions we hear often. Click a question to read its answer.</p>
      <FaqAccordion entries={FAQ} />
    </section>
  );
}
