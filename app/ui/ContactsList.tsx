import { useTranslation } from "react-i18next";
import { useContacts } from "~/ui/contacts";

/** The shop's contacts the owner shows (`/desk/settings`): the header's menu and the mobile menu. */
export function ContactsList() {
  const { t } = useTranslation();
  const { links } = useContacts();
  return (
    <ul className="contacts-menu">
      <ChatLinks />
      {links.email ? (
        <li>
          <a href={links.email}>{t("contactsMenu.email")}</a>
        </li>
      ) : null}
      {links.phone ? (
        <li>
          <a href={links.phone}>{t("contactsMenu.phone")}</a>
        </li>
      ) : null}
    </ul>
  );
}

/** The shop's two chats, as list items that open in a new tab: the menus and the order page. */
export function ChatLinks() {
  const { t } = useTranslation("common");
  const { links } = useContacts();
  return (
    <>
      {links.whatsapp ? (
        <li>
          <a href={links.whatsapp} rel="noopener noreferrer" target="_blank">
            {t("contactsMenu.messenger")}
          </a>
        </li>
      ) : null}
      {links.telegram ? (
        <li>
          <a href={links.telegram} rel="noopener noreferrer" target="_blank">
            {t("contactsMenu.chat")}
          </a>
        </li>
      ) : null}
    </>
  );
}
