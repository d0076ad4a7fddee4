import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * An error as storage-api renders it: `{statusCode, code, error, message}` where `statusCode` is
 * the error's own status as a string, while the HTTP status is 400 for every client error (500 for
 * server errors) unless the error says otherwise.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
    readonly httpStatus?: ContentfulStatusCode,
  ) {
    super(message);
  }
}

export function renderStorageError(c: Context, error: StorageError): Response {
  const status = error.httpStatus ?? (error.statusCode >= 500 ? 500 : 400);
  return c.json(
    { statusCode: String(error.statusCode), code: error.code, error: error.error, message: error.message },
    status,
  );
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "Object not found", "not_found"),
  accessDenied: (message = "Access denied") => new StorageError(403, "AccessDenied", message, "Unauthorized"),
  keyAlreadyExists: () =>
    new StorageError(409, "KeyAlreadyExists", "The resource already exists", "Duplicate"),
  resourceAlreadyExists: () =>
    new StorageError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  bucketAlreadyExists: () =>
    new StorageError(409, "BucketAlreadyExists", "The resource already exists", "Duplicate"),
  bucketNotEmpty: () =>
    new StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  invalidJwt: (message: string) => new StorageError(400, "InvalidJWT", message),
  invalidSignature: (message = "Invalid signature") => new StorageError(400, "InvalidSignature", message),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, "InvalidMimeType", `mime type ${mimeType} is not supported`, "invalid_mime_type"),
  entityTooLarge: () =>
    new StorageError(
      413,
      "EntityTooLarge",
      "The object exceeded the maximum allowed size",
      "Payload too large",
    ),
  noContent: () => new StorageError(400, "InvalidRequest", "No content provided"),
  invalidRange: () => new StorageError(416, "InvalidRange", "invalid range provided", "invalid_range", 416),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message, "Bad Request"),
  invalidParameter: (message: string) => new StorageError(400, "InvalidParameter", message),
  databaseTimeout: () =>
    new StorageError(
      544,
      "DatabaseTimeout",
      "The connection to the database timed out",
      "DatabaseTimeout",
      544 as ContentfulStatusCode,
    ),
  internal: () => new StorageError(500, "InternalError", "Internal server error"),
};

/** storage-api's mapping of Postgres errors (DBError.fromDBError); null for errors it does not map. */
export function fromDatabaseError(error: unknown): StorageError | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  const { code, message } = error as { code: unknown; message?: string };
  switch (code) {
    case "42501":
      return storageErrors.accessDenied(
        message?.includes("row-level security") ? "new row violates row-level security policy" : message,
      );
    case "23505":
      return storageErrors.resourceAlreadyExists();
    case "23503":
      // storage.objects' only foreign key is its bucket.
      return storageErrors.noSuchBucket();
    case "22P02":
    case "22021":
      return storageErrors.invalidParameter(message || "Invalid value format or type conversion failed");
    case "57014":
      return storageErrors.databaseTimeout();
    default:
      return null;
  }
}
