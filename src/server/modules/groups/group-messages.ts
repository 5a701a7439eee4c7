/** Texts of the group messages (join requests and their outcome), English and Hindi in one message. */
import SITE_CONFIG from "@site-config";
import type { Channel } from "../../infra/notify/notify";

const TITLE = SITE_CONFIG.SITE.TITLE;

export interface GroupNames {
  en: string;
  hi: string;
}

/** Where a message to this user goes: e-mail when known, else SMS; null when the account has neither. */
export function contactOf(user: { email: string | null; mobile_number: string | null }): { channel: Channel; to: string } | null {
  if (user.email) return { channel: "email", to: user.email };
  if (user.mobile_number) return { channel: "sms", to: user.mobile_number };
  return null;
}

/** To the founders and moderators of a closed group: someone asks to join; `link` opens the requests. */
export function joinRequestMessage(group: GroupNames, requester: string, link: string): { subject: string; text: string } {
  return {
    subject: `${TITLE.en}: ${requester} asks to join ${group.en} / ${group.hi} से जुड़ने का अनुरोध`,
    text:
      `${requester} asks to join the microsite "${group.en}". Approve or refuse the request here: ${link}\n\n` +
      `${requester} ने माइक्रोसाइट "${group.hi}" से जुड़ने का अनुरोध किया है। अनुरोध को यहाँ स्वीकार या अस्वीकार करें: ${link}`,
  };
}

/** To the requester: the request was approved (`approved`) or refused; `link` is the group's home. */
export function joinDecisionMessage(group: GroupNames, approved: boolean, link: string): { subject: string; text: string } {
  if (approved) {
    return {
      subject: `${TITLE.en}: you joined ${group.en} / आप ${group.hi} से जुड़ गए`,
      text:
        `Your request to join the microsite "${group.en}" was approved. You are now a member: ${link}\n\n` +
        `माइक्रोसाइट "${group.hi}" से जुड़ने का आपका अनुरोध स्वीकार कर लिया गया है। अब आप इसके सदस्य हैं: ${link}`,
    };
  }
  return {
    subject: `${TITLE.en}: your request to join ${group.en} / ${group.hi} से जुड़ने का अनुरोध`,
    text:
      `Your request to join the microsite "${group.en}" was not approved. You can still visit it: ${link}\n\n` +
      `माइक्रोसाइट "${group.hi}" से जुड़ने का आपका अनुरोध स्वीकार नहीं किया गया। आप इसे अब भी देख सकते हैं: ${link}`,
  };
}
