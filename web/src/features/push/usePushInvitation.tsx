import { useState } from "react";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { dismissPushInvite, shouldInvitePush } from "./invite";

/** Its code comes when first drawn, after her message (nothing of push in the first load). */
const PushInvitation = lazyWhenOpen(() => import("./PushInvitation").then((m) => m.PushInvitation), () => true);

/**
 * The invitation to turn push on, offered after she sent a message (never on page load): `offer()`
 * once the send succeeded, `invitation` where it is drawn (under the composer).
 */
export function usePushInvitation() {
  const [open, setOpen] = useState(false);
  const offer = () => {
    if (shouldInvitePush()) setOpen(true);
  };
  const invitation = open ? (
    <PushInvitation
      onClose={(dismissed) => {
        if (dismissed) dismissPushInvite();
        setOpen(false);
      }}
    />
  ) : null;
  return { offer, invitation };
}
