import { ERROR_TEXTS } from "@clube-coroa/schema";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import graphqlUploadExpress from "graphql-upload/graphqlUploadExpress.mjs";
import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import type { FileUpload } from "graphql-upload/processRequest.mjs";
import { builder } from "../builder.js";
import { MAX_IMAGE_BYTES } from "../domains/users/profile-images.js";
import { AppError } from "../lib/errors.js";

// Files over GraphQL: the GraphQL multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec)
// read by graphql-upload, one image of at most 5 MB per request, for a signed-in member who sent a
// header a cross-site form cannot (the same preflight Apollo's csrfPrevention asks of multipart).
// Refusals are the REST multipart's (rest/multipart.ts), code for code.

/** The variable that carries the file in every upload mutation, as the REST form's field is named. */
export const UPLOAD_FIELD = "image";
/** Room for the multipart envelope and the `operations` and `map` fields around a file at the limit. */
const ENVELOPE_BYTES = 64 * 1024;
/** Largest `operations` field: the JSON body limit of /graphql (GRAPHQL_BODY_LIMIT). */
const OPERATIONS_MAX_BYTES = 100 * 1024;

builder.addScalarType("Upload", GraphQLUpload, {});

/** Apollo's csrfPrevention rule: a multipart request must carry one of these (a non-simple header forces a preflight). */
const hasPreflightHeader = (req: Request) => !!(req.get("apollo-require-preflight") || req.get("x-apollo-operation-name"));

/**
 * Express middleware for /graphql, before Apollo's: a multipart request is refused at once (before a
 * byte of its file is read) without the preflight header (400), without a member's session (401; a
 * partner's key uploads nothing) or when it declares more than the image limit (413); otherwise
 * graphql-upload turns it into an ordinary GraphQL body whose `Upload` variables stream the file.
 * Other requests pass untouched.
 */
export function graphqlUploads(): RequestHandler {
  const parse = graphqlUploadExpress({ maxFileSize: MAX_IMAGE_BYTES, maxFiles: 1, maxFieldSize: OPERATIONS_MAX_BYTES });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is("multipart/form-data")) return next();
    if (!hasPreflightHeader(req)) return next(new AppError("BAD_REQUEST", ERROR_TEXTS.uploadNeedsPreflight));
    if (req.partner || !req.auth?.user) return next(new AppError("UNAUTHENTICATED"));
    if (Number(req.get("content-length") ?? 0) > MAX_IMAGE_BYTES + ENVELOPE_BYTES) return next(new AppError("IMAGE_TOO_LARGE"));
    parse(req, res, (error?: unknown) => (error === undefined ? next() : next(envelopeRefusal(error))));
  };
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** graphql-upload's refusal of the envelope (http-errors in English, or busboy's own) in the product's words. */
function envelopeRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (statusOf(error) === 499) return new AppError("BAD_REQUEST", ERROR_TEXTS.uploadAborted);
  return new AppError("BAD_REQUEST", ERROR_TEXTS.uploadMultipartInvalid);
}

/**
 * The bytes of the uploaded image (at most 5 MB), read whole so that the service checks its type
 * from the bytes, as for REST. A file over the limit, missing or cut short is refused with the REST
 * door's code and text; the stream is destroyed on every refusal.
 */
export async function readUploadedImage(upload: Promise<FileUpload>): Promise<Buffer> {
  let stream: ReturnType<FileUpload["createReadStream"]> | null = null;
  try {
    const file = await upload;
    stream = file.createReadStream();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) throw new AppError("IMAGE_TOO_LARGE");
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    stream?.destroy();
    if (error instanceof AppError) throw error;
    const status = statusOf(error);
    if (status === 413) throw new AppError("IMAGE_TOO_LARGE");
    // 400 "File missing in the request": the map named a file the request did not carry.
    if (status === 400) throw new AppError("BAD_REQUEST", ERROR_TEXTS.imageFieldHint(UPLOAD_FIELD));
    throw new AppError("BAD_REQUEST", ERROR_TEXTS.uploadAborted);
  }
}
