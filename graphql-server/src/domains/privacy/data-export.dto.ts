import type { DataExportStatus } from "@clube-coroa/schema";

/** An export as she (or the staff member who prepared it) reads it. */
export interface DataExportDTO {
  id: string;
  status: DataExportStatus;
  /** 0–100. */
  progress: number;
  createdAt: string;
  readyAt: string | null;
  /** Until when the file can be downloaded (readyAt + 24 h). */
  expiresAt: string | null;
  /** True once expired: the file is gone. */
  expired: boolean;
  /** Where the browser downloads it while ready and not expired; else null. */
  downloadUrl: string | null;
  /** Prepared by the staff for a request made outside the product. */
  requestedByStaff: boolean;
}

/** A file ready to be sent: the door sets the headers from these. */
export interface DataExportFile {
  fileName: string;
  bytes: Buffer;
}
