import { useEffect } from "react";
import { useApolloClient, useSubscription } from "@apollo/client/react";
import type { PaymentFieldsFragment } from "../../gql/graphql";
import { onSocketConnected } from "../../lib/apollo";
import { MyPaymentsDocument, PaymentUpdatedDocument } from "./documents";

/**
 * Her payment as the server pushes it (paymentUpdated) while a checkout is open or its payment is
 * awaited (`open`), and, while awaited, what was missed after a dropped connection (her payments,
 * asked for once). Draws nothing. Its code loads the first time a checkout opens and it then stays
 * mounted (lazyWhenOpen), so `open` says whether it watches.
 */
export function PaymentWatcher({ open, awaiting, onPayment }: { open: boolean; awaiting: boolean; onPayment: (payment: PaymentFieldsFragment) => void }) {
  const client = useApolloClient();
  useSubscription(PaymentUpdatedDocument, {
    skip: !open,
    onData: ({ data }) => {
      if (data.data?.paymentUpdated) onPayment(data.data.paymentUpdated);
    },
  });
  useEffect(() => {
    if (!open || !awaiting) return;
    return onSocketConnected(() => {
      client
        .query({ query: MyPaymentsDocument, fetchPolicy: "network-only" })
        .then(({ data }) => data?.myPayments.forEach(onPayment))
        .catch(() => undefined);
    });
  }, [open, awaiting, client, onPayment]);
  return null;
}
