/** Texts of the messages the platform sends, English and Hindi in one message. */
import SITE_CONFIG from "@site-config";
import type { OtpPurpose } from "../auth/otp";

const TITLE = SITE_CONFIG.SITE.TITLE;

export function otpMessage(purpose: OtpPurpose, code: string, minutes: number): { subject: string; text: string } {
  if (purpose === "registration") {
    return {
      subject: `${TITLE.en}: your verification code / ${TITLE.hi}: आपका सत्यापन कोड`,
      text:
        `${code} is your ${TITLE.en} verification code. It is valid for ${minutes} minutes. Do not share it with anyone.\n\n` +
        `${code} ${TITLE.hi} के लिए आपका सत्यापन कोड है। यह ${minutes} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
    };
  }
  return {
    subject: `${TITLE.en}: your password reset code / ${TITLE.hi}: पासवर्ड रीसेट कोड`,
    text:
      `${code} is your ${TITLE.en} password reset code. It is valid for ${minutes} minutes. ` +
      `If you did not ask to reset your password, ignore this message.\n\n` +
      `${code} ${TITLE.hi} के लिए आपका पासवर्ड रीसेट कोड है। यह ${minutes} मिनट तक मान्य है। ` +
      `यदि आपने पासवर्ड रीसेट करने का अनुरोध नहीं किया है, तो इस संदेश को अनदेखा करें।`,
  };
}

/** To an account whose sign-in was locked by many wrong passwords: setting a new password unlocks it. */
export function signInLockedMessage(resetUrl: string): { subject: string; text: string } {
  return {
    subject: `${TITLE.en}: sign-in paused after many wrong passwords / ${TITLE.hi}: कई गलत पासवर्ड के बाद साइन इन रोका गया`,
    text:
      `There were many sign-in attempts with a wrong password on your ${TITLE.en} account, so signing in is paused for 15 minutes. ` +
      `To sign in now, set a new password with a code sent to you: ${resetUrl}\n\n` +
      `आपके ${TITLE.hi} खाते पर गलत पासवर्ड से कई बार साइन इन का प्रयास हुआ, इसलिए साइन इन 15 मिनट के लिए रोका गया है। ` +
      `अभी साइन इन करने के लिए, आपको भेजे गए कोड से नया पासवर्ड बनाएँ: ${resetUrl}`,
  };
}

/** To an existing account when someone registers again with its e-mail address or mobile number. */
export function accountExistsMessage(): { subject: string; text: string } {
  return {
    subject: `${TITLE.en}: you already have an account / ${TITLE.hi}: आपका खाता पहले से है`,
    text:
      `Someone tried to register a new ${TITLE.en} account with this contact, which already has an account. ` +
      `If it was you, sign in, or use "Forgot password" to set a new password. If not, ignore this message.\n\n` +
      `किसी ने इस संपर्क से ${TITLE.hi} पर नया खाता बनाने का प्रयास किया, पर इससे एक खाता पहले से जुड़ा है। ` +
      `यदि यह आप थे, तो साइन इन करें, या नया पासवर्ड बनाने के लिए "पासवर्ड भूल गए" का उपयोग करें। यदि नहीं, तो इस संदेश को अनदेखा करें।`,
  };
}

export function passwordChangedMessage(): { subject: string; text: string } {
  return {
    subject: `${TITLE.en}: your password was changed / ${TITLE.hi}: आपका पासवर्ड बदल दिया गया`,
    text:
      `The password of your ${TITLE.en} account was changed. If this was not you, reset your password now.\n\n` +
      `आपके ${TITLE.hi} खाते का पासवर्ड बदल दिया गया है। यदि यह आपने नहीं किया, तो अभी अपना पासवर्ड रीसेट करें।`,
  };
}
