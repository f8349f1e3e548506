import { ERROR_TEXTS } from "@clube-coroa/schema";
import busboy from "busboy";
import type { Request } from "express";
import { MAX_IMAGE_BYTES } from "../domains/users/profile-images.js";
import { AppError } from "../lib/errors.js";

/** What a multipart upload carried: the file's bytes and its short text fields. */
export interface Upload {
  file: Buffer;
  fields: Record<string, string>;
}

const FIELD_MAX_BYTES = 2 * 1024;
/** Up to this declared size a refused body is read to its end first (nginx's example lets 6 MB through). */
const DRAIN_BEFORE_REFUSING_BYTES = 16 * 1024 * 1024;

/**
 * Reads one multipart file field (`file` for profile images, `image` for banners) into memory,
 * stopping at the 5 MB limit, with the text fields beside it. Nothing is kept when the body is
 * refused; the type is decided later from the bytes themselves. Every stream's error (a truncated
 * body, a client gone) settles the promise: an unhandled one would end the process.
 */
export function readUploadedFile(req: Request, fileField = "file"): Promise<Upload> {
  const hint = ERROR_TEXTS.imageFieldHint(fileField);
  return new Promise((resolve, reject) => {
    const declared = Number(req.get("content-length") ?? 0);
    // Room for the multipart envelope (and short text fields) around a file at the limit.
    if (declared > MAX_IMAGE_BYTES + 64 * 1024) {
      // A body a little too large is read to its end (and thrown away) before the answer: answering
      // and closing while a proxy is still sending it resets the connection, and nginx then answers
      // 502 instead of our 413. A body far too large is refused at once.
      if (declared > DRAIN_BEFORE_REFUSING_BYTES) return reject(new AppError("IMAGE_TOO_LARGE"));
      const refuse = () => reject(new AppError("IMAGE_TOO_LARGE"));
      req.once("end", refuse);
      req.once("error", refuse);
      req.once("close", refuse);
      req.resume();
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: 10, parts: 12, fieldSize: FIELD_MAX_BYTES } });
    } catch {
      return reject(new AppError("BAD_REQUEST", hint));
    }
    let file: Buffer | null = null;
    const fields: Record<string, string> = {};
    let failure: AppError | null = null;
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume(); // drain what is left so the connection can answer
      reject(error);
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) failure ??= new AppError("VALIDATION", ERROR_TEXTS.fieldTooLong(name.slice(0, 40)));
      else if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      stream.on("error", () => fail(new AppError("BAD_REQUEST", hint)));
      if (name !== fileField || file || failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        failure = new AppError("IMAGE_TOO_LARGE");
        chunks.length = 0;
      });
      stream.on("end", () => {
        if (!failure) file = Buffer.concat(chunks);
      });
    });
    parser.on("error", () => fail(new AppError("BAD_REQUEST", hint)));
    req.on("error", () => fail(new AppError("BAD_REQUEST", ERROR_TEXTS.uploadAborted)));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      if (failure) reject(failure);
      else if (!file) reject(new AppError("BAD_REQUEST", hint));
      else resolve({ file, fields });
    });
    req.pipe(parser);
  });
}
