import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export const slides = [
  { id: "nature", image: "/images/slides/nature.svg" },
  { id: "wisdom", image: "/images/slides/wisdom.svg" },
  { id: "technology", image: "/images/slides/technology.svg" },
] as const;

export const SLIDE_IMAGE = { width: 1600, height: 700 } as const;

/**
 * The home slideshow. Without JavaScript it is a horizontal scroll-snap strip: the
 * first slide shows, the others are a swipe or a dot (an anchor) away, and every
 * slide's text is real text.
 */
export function Slideshow() {
  const { t } = useTranslation("home");
  return (
    <section className="slideshow" aria-roledescription="carousel" aria-label={t("slides.label")}>
      <ul className="slideshow__track">
        {slides.map((slide, index) => (
          <li
            key={slide.id}
            id={`slide-${slide.id}`}
            className="slide"
            aria-roledescription="slide"
            aria-label={t("slides.position", { number: index + 1, total: slides.length })}
          >
            <img
              className="slide__image"
              src={slide.image}
              width={SLIDE_IMAGE.width}
              height={SLIDE_IMAGE.height}
              alt=""
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? "sync" : "async"}
            />
            <div className="slide__content">
              <h2 className="slide__title">{t(`slides.${slide.id}.title`)}</h2>
              <p className="slide__text">{t(`slides.${slide.id}.text`)}</p>
              <Link to="/catalog" className="button button--light">
                {t("slides.cta")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <ol className="slideshow__dots">
        {slides.map((slide, index) => (
          <li key={slide.id}>
            <a href={`#slide-${slide.id}`} className="slideshow__dot">
              <span className="visually-hidden">{t("slides.goTo", { number: index + 1 })}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
