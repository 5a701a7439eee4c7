import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type FormEvent } from "react";
import { Box, Button, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Textarea } from "@/components/ui/chakra/textarea";
import { COMMENT_MAX_LENGTH } from "@/contracts/page";

export type CommentProblem = "blank" | "too_long";

/** Why a comment cannot be posted as typed, or null when it can. */
export function checkComment(text: string): CommentProblem | null {
  const trimmed = text.trim();
  if (!trimmed) return "blank";
  if (trimmed.length > COMMENT_MAX_LENGTH) return "too_long";
  return null;
}

/** The outcome of posting: "posted" clears the box; otherwise the text stays and `message` is shown. */
export type PostResult = { ok: true } | { ok: false; message: string | null };

interface CommentBoxProps {
  /** Posts the trimmed text (signing in first when needed). */
  onPost: (body: string) => Promise<PostResult>;
}

/** "Add a comment": a labelled textarea with a character counter; blank or too long text is refused here. */
export function CommentBox({ onPost }: CommentBoxProps) {
  const { t } = useTranslation("activity");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();
  const counterId = `${base}-counter`;
  const errorId = `${base}-error`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const check = checkComment(text);
    if (check) {
      setProblem(check === "blank" ? t("activity:comments.blank") : t("activity:comments.too_long", { max: COMMENT_MAX_LENGTH }));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const result = await onPost(text.trim());
      if (result.ok) setText("");
      else setProblem(result.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box asChild mt={6}>
      <form onSubmit={submit} noValidate>
      <Field.Root invalid={!!problem}>
        <Field.Label fontWeight="semibold">{t("activity:comments.label")}</Field.Label>
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
          placeholder={t("activity:comments.placeholder")}
          maxLength={COMMENT_MAX_LENGTH}
          rows={4}
          bg="white"
          aria-describedby={problem ? `${counterId} ${errorId}` : counterId}
          aria-invalid={problem ? true : undefined}
        />
        <Text id={counterId} fontSize="sm" color="gray.600" alignSelf="flex-end">
          {t("activity:comments.counter", { count: text.length, max: COMMENT_MAX_LENGTH })}
        </Text>
        {problem && (
          <Text id={errorId} role="alert" color="red.700" fontSize="sm">
            {problem}
          </Text>
        )}
      </Field.Root>
      <Button type="submit" mt={3} colorPalette="teal" loading={busy}>
        {t("activity:comments.submit")}
      </Button>
      </form>
    </Box>
  );
}
