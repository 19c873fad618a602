import { Link } from "@remix-run/react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type SlideTrigger, slideInterval, wrap } from "./carousel/paging";
import { fetchPriority } from "./fetch-priority";
import { Chevron } from "./icons";
import { useHydrated } from "./use-hydrated";
import { scrollBehavior } from "./use-reduced-motion";

export const slides = [
  { id: "nature", image: "/images/slides/nature.svg" },
  { id: "wisdom", image: "/images/slides/wisdom.svg" },
  { id: "technology", image: "/images/slides/technology.svg" },
] as const;

export const SLIDE_IMAGE = { width: 1600, height: 700 } as const;

/**
 * The home slideshow (spec §4). Without JavaScript it is a horizontal scroll-snap
 * strip: the first slide shows, the others are a swipe or a dot (an anchor) away, and
 * every slide's text is real text. With it: arrows, dots and auto-advance — every
 * 500000 ms after the start and after an arrow, 5000 ms after a dot — paused while
 * hovered or focused and while the tab is hidden.
 */
export function Slideshow() {
  const { t } = useTranslation("home");
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [mode, setMode] = useState<SlideTrigger>("start");
  const [tick, setTick] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);

  const show = useCallback((index: number, trigger: SlideTrigger) => {
    const list = track.current;
    const target = wrap(index, slides.length);
    const slide = list?.children[target] as HTMLElement | undefined;
    if (list && slide) {
      const offset = slide.getBoundingClientRect().left - list.getBoundingClientRect().left;
      list.scrollBy({ left: offset, behavior: scrollBehavior() });
    }
    setCurrent(target);
    if (trigger !== "auto") setMode(trigger);
    // Every move, also to the slide already shown, starts the wait again.
    setTick((value) => value + 1);
  }, []);

  // The slide in view decides which dot is current, whoever scrolled the strip.
  useEffect(() => {
    const list = track.current;
    if (!list || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setCurrent(Array.from(list.children).indexOf(entry.target));
        }
      },
      { root: list, threshold: 0.6 },
    );
    for (const slide of Array.from(list.children)) observer.observe(slide);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  const paused = hovered || focused || hidden;
  // The slide in view may change while a swipe or a smooth scroll settles; that does
  // not restart the wait, only a move of ours (`tick`) or a pause does.
  const currentRef = useRef(current);
  currentRef.current = current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` restarts the wait after every move.
  useEffect(() => {
    if (!hydrated || paused) return;
    const timer = setTimeout(() => show(currentRef.current + 1, "auto"), slideInterval(mode));
    return () => clearTimeout(timer);
  }, [hydrated, paused, mode, tick, show]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const rtl = document.documentElement.dir === "rtl";
    if (event.key === "ArrowRight") show(current + (rtl ? -1 : 1), "arrow");
    else if (event.key === "ArrowLeft") show(current + (rtl ? 1 : -1), "arrow");
  }

  return (
    <section
      className="slideshow"
      aria-roledescription="carousel"
      aria-label={t("slides.label")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={hydrated ? onKeyDown : undefined}
      data-current={current}
      data-paused={paused ? "true" : undefined}
    >
      <ul className="slideshow__track" ref={track}>
        {slides.map((slide, index) => (
          <li
            key={slide.id}
            id={`slide-${slide.id}`}
            className="slide"
            aria-roledescription="slide"
            aria-label={t("slides.position", { number: index + 1, total: slides.length })}
            aria-hidden={hydrated && index !== current ? true : undefined}
          >
            <img
              {...fetchPriority(index === 0 ? "high" : undefined)}
              className="slide__image"
              src={slide.image}
              width={SLIDE_IMAGE.width}
              height={SLIDE_IMAGE.height}
              alt=""
              loading={index === 0 ? "eager" : "lazy"}
              decoding={index === 0 ? "sync" : "async"}
            />
            <div className="slide__content">
              <h2 className="slide__title">{t(`slides.${slide.id}.title`)}</h2>
              <p className="slide__text">{t(`slides.${slide.id}.text`)}</p>
              <Link
                to="/catalog"
                className="button button--light"
                tabIndex={hydrated && index !== current ? -1 : undefined}
              >
                {t("slides.cta")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {hydrated ? (
        <>
          <button
            type="button"
            className="slideshow__arrow slideshow__arrow--previous"
            aria-label={t("slides.previous")}
            onClick={() => show(current - 1, "arrow")}
          >
            <Chevron direction="start" />
          </button>
          <button
            type="button"
            className="slideshow__arrow slideshow__arrow--next"
            aria-label={t("slides.next")}
            onClick={() => show(current + 1, "arrow")}
          >
            <Chevron direction="end" />
          </button>
        </>
      ) : null}
      <ol className="slideshow__dots">
        {slides.map((slide, index) => (
          <li key={slide.id}>
            <a
              href={`#slide-${slide.id}`}
              className="slideshow__dot"
              aria-current={index === current ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                show(index, "dot");
              }}
            >
              <span className="visually-hidden">{t("slides.goTo", { number: index + 1 })}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
