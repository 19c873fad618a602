import { getConfig } from "~/config.server";
import type { TelegramSettings } from "~/notify/outbox.server";

/** The shop's Telegram settings as the outbox and the chat's buttons need them. */
export function shopTelegramSettings(): TelegramSettings {
  const { telegram, desk } = getConfig();
  return {
    botToken: telegram.botToken,
    chatIds: telegram.chatIds,
    deskChatIds: telegram.deskChatIds,
    holdAfterRefusals: desk.holdAfterRefusals,
  };
}
