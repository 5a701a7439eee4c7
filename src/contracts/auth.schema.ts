/**
 * Validation of account forms, shared by the forms (react-hook-form + yup resolver) and the user-api
 * (which answers 400 with fieldErrors holding the same keys). Messages are translation keys in the
 * `form` namespace; interpolation values travel as `key|{"min":8}`.
 */
import { isPossiblePhoneNumber } from "libphonenumber-js";
import * as yup from "yup";

export const PASSWORD_MIN = 8;
export const NAME_MAX = 100;

export const MSG = {
  required: "form:required",
  email: "form:invalid_email",
  mobile: "form:invalid_mobile",
  minPassword: `form:min_length|{"min":${PASSWORD_MIN}}`,
  maxName: `form:max_length|{"max":${NAME_MAX}}`,
  passwordsMatch: "form:passwords_must_match",
  emailOrMobile: "form:email_or_mobile_required",
  otp: "auth:otp.invalid_format",
} as const;

/** An e-mail address, or a mobile number in E.164 (+91…). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export function isMobile(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value) && isPossiblePhoneNumber(value);
}

const optionalText = yup.string().trim().nullable().optional();
const mobile = yup
  .string()
  .trim()
  .nullable()
  .optional()
  .test("mobile", MSG.mobile, (v) => !v || isMobile(v));
const email = yup
  .string()
  .trim()
  .lowercase()
  .nullable()
  .optional()
  .test("email", MSG.email, (v) => !v || isEmail(v));

export const loginSchema = yup.object({
  username: yup
    .string()
    .trim()
    .required(MSG.required)
    .test("username", MSG.emailOrMobile, (v) => !!v && (isEmail(v) || isMobile(v))),
  password: yup.string().required(MSG.required),
});

export const signupSchema = yup.object({
  username: yup.string().trim().required(MSG.required).max(NAME_MAX, MSG.maxName),
  gender: yup.mixed<"Male" | "Female" | "Others">().oneOf(["Male", "Female", "Others"], MSG.required).required(MSG.required),
  email,
  mobileNumber: mobile,
  verificationType: yup.mixed<"EMAIL" | "MOBILE">().oneOf(["EMAIL", "MOBILE"]).required(MSG.required),
  password: yup.string().required(MSG.required).min(PASSWORD_MIN, MSG.minPassword),
  confirmPassword: yup
    .string()
    .required(MSG.required)
    .oneOf([yup.ref("password")], MSG.passwordsMatch),
  profession: optionalText,
  institution: optionalText,
  location: optionalText,
  latitude: yup.number().min(-90).max(90).nullable().optional(),
  longitude: yup.number().min(-180).max(180).nullable().optional(),
}).test("email-or-mobile", MSG.emailOrMobile, function (value) {
  if (value?.email || value?.mobileNumber) {
    if (value.verificationType === "EMAIL" && !value.email) return this.createError({ path: "email", message: MSG.required });
    if (value.verificationType === "MOBILE" && !value.mobileNumber) return this.createError({ path: "mobileNumber", message: MSG.required });
    return true;
  }
  return this.createError({ path: "email", message: MSG.emailOrMobile });
});

export const otpSchema = yup.object({
  otp: yup
    .string()
    .trim()
    .required(MSG.required)
    .matches(/^\d{6}$/, MSG.otp),
});

export const forgotPasswordSchema = yup.object({
  verificationId: yup
    .string()
    .trim()
    .required(MSG.required)
    .test("id", MSG.emailOrMobile, (v) => !!v && (isEmail(v) || isMobile(v))),
});

export const resetPasswordSchema = yup.object({
  otp: otpSchema.fields.otp,
  password: yup.string().required(MSG.required).min(PASSWORD_MIN, MSG.minPassword),
  confirmPassword: yup
    .string()
    .required(MSG.required)
    .oneOf([yup.ref("password")], MSG.passwordsMatch),
});

export const changePasswordSchema = yup.object({
  oldPassword: yup.string().optional(),
  newPassword: yup.string().required(MSG.required).min(PASSWORD_MIN, MSG.minPassword),
  confirmNewPassword: yup
    .string()
    .required(MSG.required)
    .oneOf([yup.ref("newPassword")], MSG.passwordsMatch),
});

export const userDetailsSchema = yup.object({
  name: yup.string().trim().required(MSG.required).max(NAME_MAX, MSG.maxName),
  sexType: yup.mixed<"Male" | "Female" | "Others">().oneOf(["Male", "Female", "Others"]).nullable().optional(),
  occupation: optionalText,
  institution: optionalText,
  location: optionalText,
  aboutMe: yup.string().trim().max(2000).nullable().optional(),
  website: yup.string().trim().url("form:invalid_url").nullable().optional(),
  email,
  mobileNumber: mobile,
});
