import type { HomeContent } from '@server/home-page/home-page.schemas';
import { useTranslator } from '@client/i18n';
import shared from './shared.module.css';
import classes from './TestimonialsSection.module.css';
import { LinkedInIcon, StarIcon } from './icons';
import { Portrait } from './Portrait';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

const STARS = 5;

function Stars() {
  const { t } = useTranslator();
  return (
    <div className={classes.stars} role="img" aria-label={t('home.testimonials.rating', { stars: STARS })}>
      {Array.from({ length: STARS }, (_, star) => (
        <StarIcon key={star} size={18} />
      ))}
    </div>
  );
}

export function TestimonialsSection({ testimonials }: { testimonials: HomeContent['testimonials'] }) {
  const { t } = useTranslator();
  return (
    <section className={`${shared.section} ${shared.sectionNavy}`} aria-labelledby="testimonials-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="testimonials-heading" eyebrow={t('home.testimonials.eyebrow')} title={t('home.testimonials.title')}>
          {t('home.testimonials.intro')}
        </SectionHeader>
        <ul className={`${shared.grid} ${shared.gridThree}`}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className={classes.testimonial}>
                <Stars />
                <blockquote className={classes.testimonialText}>
                  <p>{testimonial.text}</p>
                </blockquote>
                <figcaption className={classes.testimonialAuthor}>
                  <Portrait
                    name={testimonial.name}
                    photo={testimonial.photo}
                    width={56}
                    height={56}
                    className={classes.testimonialPhoto}
                  />
                  <span>
                    <strong className={classes.testimonialName}>{testimonial.name}</strong>
                    <span className={classes.testimonialRole}>{testimonial.role}</span>
                  </span>
                  {testimonial.link !== null && (
                    <a
                      href={testimonial.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={classes.profileLink}
                      aria-label={t('home.testimonials.linkedIn', { name: testimonial.name })}
                    >
                      <LinkedInIcon size={20} />
                    </a>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
