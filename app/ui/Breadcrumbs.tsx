import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { TextLang } from "~/catalog/texts";

export interface Crumb {
  label: string;
  href?: string;
  /** The label's language, when it is not the page's (a product's title from Russian). */
  lang?: TextLang;
}

/** Where the page sits in the shop; the last crumb is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation("catalog");
  return (
    <nav aria-label={t("breadcrumbs.label")} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} {...crumb.lang}>
            {crumb.href && index < crumbs.length - 1 ? (
              <Link to={crumb.href}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
