import { Button } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { JoinState } from "@/contracts/layout";
import type { MembershipActions, MembershipRequest, MembershipTarget } from "./use-membership-actions";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";

type Confirmation = "request" | "leave" | null;
type GroupErrorMessage = (typeof import("@/lib/groups/group-error"))["groupErrorMessage"];
/** A failed call, shown once as a toast; `id` tells one failure from the next. */
type Failure = { id: number; error: unknown; message: GroupErrorMessage };

// The API client loads on first use, so it stays out of the chrome's first-load bundle.
const loadApi = () =>
  Promise.all([import("@/lib/api/client"), import("@/lib/api/groups"), import("@/lib/groups/group-error")]).then(
    ([client, groups, errors]) => ({ client: client.getBrowserClient(), groups, errors }),
  );

/** Join, ask to join, withdraw a request and leave, with the confirmations and toasts (see `useMembershipActions`). */
function useMembershipActionsNow(target: MembershipTarget | null, onChanged: (state: JoinState) => void | Promise<void>): MembershipActions {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const busyRef = useRef(false);

  const run = useCallback(
    async (action: "join" | "withdraw" | "leave") => {
      if (!target || busyRef.current) return;
      if (action === "join") {
        try {
          await waitForAuth();
        } catch {
          return; // the visitor closed the sign-in dialog: nothing to do
        }
      }
      busyRef.current = true;
      setBusy(true);
      const api = await loadApi();
      try {
        if (action === "join") {
          const result = await api.groups.joinGroup(api.client, target.id);
          const requested = result.message === "JOIN_REQUEST_SENT";
          notify.success(t(requested ? "membership:join.request_sent" : "membership:join.success"));
          await onChanged(requested ? "requested" : "joined");
        } else if (action === "withdraw") {
          await api.groups.withdrawJoinRequest(api.client, target.id);
          notify.success(t("membership:join.withdrawn"));
          await onChanged("join");
        } else {
          await api.groups.leaveGroup(api.client, target.id);
          notify.success(t("membership:join.left"));
          await onChanged("join");
        }
      } catch (error) {
        // The reasons (group:errors, auth:codes) load with the failure, not with every page.
        setFailure((last) => ({ id: (last?.id ?? 0) + 1, error, message: api.errors.groupErrorMessage }));
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [onChanged, t, target],
  );

  const join = useCallback(() => {
    if (target?.closed) setConfirmation("request");
    else void run("join");
  }, [run, target]);
  const withdraw = useCallback(() => void run("withdraw"), [run]);
  const leave = useCallback(() => setConfirmation("leave"), []);

  const close = () => setConfirmation(null);
  const confirm = () => {
    const action = confirmation === "leave" ? "leave" : "join";
    setConfirmation(null);
    void run(action);
  };

  const name = target?.name ?? "";
  const dialog = (
    <>
      {failure && (
        <LazyNamespaces key={failure.id} namespaces={["auth", "group"]}>
          <FailureToast failure={failure} />
        </LazyNamespaces>
      )}
      <Modal
        open={confirmation !== null}
        onClose={close}
        role="alertdialog"
        closeOnOutsideClick
        title={t(confirmation === "leave" ? "membership:join.confirm_leave_title" : "membership:join.confirm_request_title")}
        description={confirmation === "leave" ? t("membership:join.confirm_leave_body", { name }) : t("membership:join.confirm_request_body", { name })}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t("membership:join.cancel")}
            </Button>
            <Button colorPalette={confirmation === "leave" ? "red" : "teal"} onClick={confirm}>
              {t(confirmation === "leave" ? "membership:join.confirm_leave_ok" : "membership:join.confirm_request_ok")}
            </Button>
          </>
        }
      />
    </>
  );
  return { busy, join, withdraw, leave, dialog };
}

/** Shows a failed call's toast once its reasons' namespaces are there. */
function FailureToast({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notify.error(t("membership:join.error"), failure.message(t, failure.error));
  }, [failure, t]);
  return null;
}

export interface MembershipActionsRunnerProps {
  target: MembershipTarget | null;
  onChanged: (state: JoinState) => void | Promise<void>;
  /** The control the visitor used; a new `id` runs it once. */
  request: MembershipRequest;
  onBusy: (busy: boolean) => void;
}

/** Runs the requested action and draws the confirmation dialog and toasts; loaded with the first click on a membership control. */
export default function MembershipActionsRunner({ target, onChanged, request, onBusy }: MembershipActionsRunnerProps) {
  const actions: MembershipActions = useMembershipActionsNow(target, onChanged);
  const handled = useRef(0);
  const { busy } = actions;
  useEffect(() => {
    if (request.id === handled.current) return;
    handled.current = request.id;
    actions[request.action]();
  });
  useEffect(() => onBusy(busy), [busy, onBusy]);
  return actions.dialog;
}
