import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

const navigation = [
  { href: "/about", label: "About us" },
  { href: "/catalog", label: "Products" },
  { href: "/#reviews", label: "Reviews" },
  { href: "/delivery", label: "Delivery and payment" },
  { href: "/about/contacts", label: "Contacts" },
];

const contacts = [
  { href: "https://wa.me/995555000000", label: "Write on WhatsApp: +995 555 000 000" },
  { href: "https://t.me/reference_herbs", label: "Chat on Telegram: @reference_herbs" },
  { href: "mailto:hello@example.com", label: "Write an email: hello@example.com" },
];

function Header() {
  return (
    <header className="site-header">
      <a className="brand" href="/">
        Reference Herbs
      </a>
      <nav aria-label="Main menu" className="site-nav">
        <ul>
          {navigation.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <a className="cart-link" href="/cart" aria-label="Cart: 0 items">
        Cart
      </a>
      <details className="mobile-menu">
        <summary>Menu</summary>
        <nav aria-label="Main menu" className="mobile-menu__panel">
          <ul>
            {navigation.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
          <ul className="contacts">
            {contacts.map((contact) => (
              <li key={contact.href}>
                <a href={contact.href}>{contact.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </details>
    </header>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__about">
        <p className="brand">Reference Herbs</p>
        <p>Natural herbal ointments and creams, made by hand in small batches.</p>
      </div>
      <nav aria-label="Products">
        <h2>Products</h2>
        <ul>
          <li>
            <a href="/catalog/body/hemor-cream">Soothing herbal ointment</a>
          </li>
          <li>
            <a href="/catalog">All products</a>
          </li>
          <li>
            <a href="/#reviews">Reviews</a>
          </li>
        </ul>
      </nav>
      <nav aria-label="Company">
        <h2>Company</h2>
        <ul>
          {navigation.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h2>Contacts</h2>
        <ul className="contacts">
          {contacts.map((contact) => (
            <li key={contact.href}>
              <a href={contact.href}>{contact.label}</a>
            </li>
          ))}
        </ul>
      </div>
      <div className="site-footer__legal">
        <p>© 2026 Reference Herbs. All rights reserved.</p>
        <ul>
          <li>
            <a href="/privacy">Privacy policy</a>
          </li>
          <li>
            <a href="/terms">Terms of use</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Header />
        <main id="main">{children}</main>
        <Footer />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
