/** What a toast says: shared by the provider (Toast.tsx) and the view it loads with the first toast. */
export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface CurrentToast extends ToastInput {
  id: number;
}
