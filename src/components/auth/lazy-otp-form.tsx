import dynamic from "next/dynamic";
import { LazyFallback } from "@/components/ui/lazy-fallback";

/** The code step (OtpForm), loaded when an account first needs its code. */
export const LazyOtpForm = dynamic(() => import("./otp-form").then((m) => m.OtpForm), { loading: LazyFallback });
