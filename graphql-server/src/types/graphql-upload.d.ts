// graphql-upload 17 ships JSDoc-typed .mjs files without declarations; these are the parts used here
// (see node_modules/graphql-upload/processRequest.mjs and GraphQLUpload.mjs).
declare module "graphql-upload/processRequest.mjs" {
  import type { Readable } from "node:stream";
  export interface FileUpload {
    filename: string;
    mimetype: string;
    encoding: string;
    createReadStream(options?: { encoding?: BufferEncoding; highWaterMark?: number }): Readable;
  }
  export interface ProcessRequestOptions {
    maxFieldSize?: number;
    maxFileSize?: number;
    maxFiles?: number;
  }
}

declare module "graphql-upload/graphqlUploadExpress.mjs" {
  import type { NextFunction, Request, Response } from "express";
  import type { ProcessRequestOptions } from "graphql-upload/processRequest.mjs";
  export default function graphqlUploadExpress(options?: ProcessRequestOptions): (req: Request, res: Response, next: NextFunction) => void;
}

declare module "graphql-upload/GraphQLUpload.mjs" {
  import type { GraphQLScalarType } from "graphql";
  const GraphQLUpload: GraphQLScalarType;
  export default GraphQLUpload;
}
