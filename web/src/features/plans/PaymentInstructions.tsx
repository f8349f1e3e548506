import { useEffect, useId, useRef, useState } from "react";
import { useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { Button, ButtonAnchor } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Label } from "../../components/FormControls";
import { useToast } from "../../components/Toast";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { PaymentFieldsFragment } from "../../gql/graphql";
import { formatCents, formatDateTime, formatDay } from "../../lib/format";
import { PaymentsProviderDocument } from "./documents";
import { PLAN_TEXTS } from "./planTexts";
import { PLAN_TIMINGS } from "./planTimings";

const T = PLAN_TEXTS.instructions;

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Qr = styled.img`
  align-self: center;
  width: 220px;
  height: 220px;
  max-width: 100%;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
  image-rendering: pixelated;
`;

const CopyRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  input {
    flex: 1 1 auto;
    min-width: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  button { flex: none; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Status = styled.p<{ $done: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $done }) => ($done ? "#e3f3ea" : theme.colors.warningBg)};
  color: ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.warningText)};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Demo = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 2px dashed ${({ theme }) => theme.colors.goldDeep};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff8e6;
  strong { color: ${({ theme }) => theme.colors.goldDeep}; text-transform: uppercase; letter-spacing: 0.04em; }
`;

/** A read-only code with a copy button that answers 'Copiado' for a moment. */
function CopyField({ label, value }: { label: string; value: string }) {
  const { toast } = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), PLAN_TIMINGS.copiedFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      input.current?.select();
      toast({ title: T.copyFailed, description: T.copyFailedDescription, variant: "destructive" });
    }
  };

  return (
    <div>
      <Label htmlFor={id} id={`${id}-label`}>
        {label}
      </Label>
      <CopyRow>
        <TextInput id={id} ref={input} value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Button $variant={copied ? "primary" : "gold"} onClick={() => void copy()} aria-describedby={`${id}-label`}>
          {copied ? T.copied : T.copy}
        </Button>
      </CopyRow>
      <VisuallyHidden role="status">{copied ? T.copied : ""}</VisuallyHidden>
    </div>
  );
}

/** The local provider's demo control: confirms the payment as the bank would (never shown with ASAAS). */
function DemoConfirm({ providerPaymentId }: { providerPaymentId: string }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const response = await fetch(`/api/dev/payments/${encodeURIComponent(providerPaymentId)}/confirm`, {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(String(response.status));
    } catch {
      toast({ title: PLAN_TEXTS.imperatriz.errorTitle, description: T.demoError, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Demo aria-label={T.demoTitle}>
      <strong>{T.demoTitle}</strong>
      <Muted>{T.demoText}</Muted>
      <Button $variant="outline" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
        {busy ? T.demoConfirming : T.demoConfirm}
      </Button>
    </Demo>
  );
}

const PAID = new Set(["confirmed", "received"]);

/** After the checkout: how to pay (PIX, boleto) or the card's result, the payment's status, and the demo control. */
export function PaymentInstructions({ payment, message }: { payment: PaymentFieldsFragment; message: string }) {
  const { data } = useQuery(PaymentsProviderDocument, { fetchPolicy: "cache-first" });
  const paid = PAID.has(payment.status);
  const pending = payment.status === "pending";

  return (
    <Box aria-label={T.created}>
      {message && <p>{message}</p>}
      <Status role="status" $done={paid}>
        {pending ? T.waiting : T.status[payment.status]}
      </Status>

      {payment.billingType === "PIX" && payment.pix && (
        <>
          <h3>{T.pixTitle}</h3>
          <Qr src={payment.pix.qrCodeImage} alt={T.pixQrAlt} width={220} height={220} />
          <CopyField label={T.pixCode} value={payment.pix.copyPaste} />
          {payment.pix.expiresAt && <Muted>{T.pixExpires(formatDateTime(payment.pix.expiresAt))}</Muted>}
        </>
      )}

      {payment.billingType === "BOLETO" && payment.boleto && (
        <>
          <h3>{T.boletoTitle}</h3>
          <CopyField label={T.boletoLine} value={payment.boleto.identificationField} />
          <ButtonAnchor href={payment.boleto.bankSlipUrl} target="_blank" rel="noopener noreferrer" $variant="outline">
            {T.boletoPdf}
          </ButtonAnchor>
          <Muted>{T.boletoDue(formatDay(payment.dueDate))}</Muted>
        </>
      )}

      {payment.billingType === "CREDIT_CARD" && (
        <>
          <h3>{T.cardTitle}</h3>
          <p>{T.card(payment.cardBrand, payment.cardLast4)}</p>
          {pending && <Muted>{T.cardPending}</Muted>}
        </>
      )}

      <Muted>{T.amount(formatCents(payment.amountCents))}</Muted>
      {pending && <Muted>{T.waitingHint}</Muted>}
      {pending && data?.demoPayments && <DemoConfirm providerPaymentId={payment.providerPaymentId} />}
    </Box>
  );
}
