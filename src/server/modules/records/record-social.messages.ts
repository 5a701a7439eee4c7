/** Texts of the messages of a record's social writes, English and Hindi in one message (as the group messages). */
import SITE_CONFIG from "@site-config";
import type { FollowerNotice } from "./record-followers.service";

const TITLE = SITE_CONFIG.SITE.TITLE;

export interface RequestMessageInput {
  requester: string;
  title: string;
  message: string;
  /** `/continue/verify-token?type=cca-contibutor-request&token=…` on the site's address. */
  link: string;
  recordLink: string;
  days: number;
}

/** To the owner and the data curators: someone asks to contribute; the link lets them confirm. */
export function contributorRequestMessage(input: RequestMessageInput): { subject: string; text: string } {
  const { requester, title, message, link, recordLink, days } = input;
  return {
    subject: `${TITLE.en}: ${requester} asks to contribute to ${title} / ${title} में योगदान का अनुरोध`,
    text:
      `${requester} asks for permission to edit the CCA "${title}" (${recordLink}).\n` +
      `Their message: "${message}"\n` +
      `To let them edit it, open this link and confirm (it works once, for ${days} days): ${link}\n\n` +
      `${requester} ने CCA "${title}" (${recordLink}) को संपादित करने की अनुमति माँगी है।\n` +
      `उनका संदेश: "${message}"\n` +
      `उन्हें संपादन की अनुमति देने के लिए यह लिंक खोलें और पुष्टि करें (यह एक बार, ${days} दिनों तक काम करता है): ${link}`,
  };
}

/** To the requester: the request was granted. */
export function contributorGrantedMessage(title: string, recordLink: string): { subject: string; text: string } {
  return {
    subject: `${TITLE.en}: you can now edit ${title} / अब आप ${title} संपादित कर सकते हैं`,
    text:
      `Your request to contribute to the CCA "${title}" was granted. You can now edit it: ${recordLink}\n\n` +
      `CCA "${title}" में योगदान का आपका अनुरोध स्वीकार कर लिया गया है। अब आप इसे संपादित कर सकते हैं: ${recordLink}`,
  };
}

/** To the followers: new editors. */
export function editorNotice(names: readonly string[]): FollowerNotice {
  const list = names.join(", ");
  return {
    en: `${list} can now edit this CCA.`,
    hi: `${list} अब इस CCA को संपादित कर सकते हैं।`,
  };
}
