import { useState } from "react";
import { PRODUCT_NAME, todayInSaoPaulo } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { ADMIN_TEXTS } from "./adminTexts";

const T = ADMIN_TEXTS.download;
export const USERS_DOWNLOAD_PATH = "/api/admin/users-download";

/** The spec's name when the server sends none: product name, 'users' and today's date. */
export function fallbackFileName(now: Date = new Date()): string {
  const product = PRODUCT_NAME.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-");
  return `${product}-users-${todayInSaoPaulo(now)}.xlsx`;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? "").trim();
  return name || null;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Download Excel': the server makes the .xlsx of the users; the browser saves it under the server's name. */
export function ExcelDownloadButton() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(USERS_DOWNLOAD_PATH, { credentials: "include" });
      if (!response.ok) throw new Error(`${T.internalError}: ${response.status}`);
      const blob = await response.blob();
      saveBlob(blob, fileNameOf(response.headers.get("content-disposition")) ?? fallbackFileName());
      toast({ title: T.successTitle, description: T.successText });
    } catch (failure) {
      console.error(T.internalError, failure);
      toast({ title: T.errorTitle, description: T.errorText, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button $variant="gold" $size="sm" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy && <Spinner $size={16} />}
      {busy ? T.busy : T.button}
    </Button>
  );
}
